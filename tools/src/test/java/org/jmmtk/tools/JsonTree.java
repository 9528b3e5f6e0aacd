package org.jmmtk.tools;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses JSON text into maps, lists, strings, numbers, booleans and nulls with Jackson's streaming parser. */
public final class JsonTree {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonTree() {
    }

    /** The one JSON object that {@code text} holds; fails if anything but blanks follows it. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(String text) throws IOException {
        try (JsonParser p = FACTORY.createParser(text)) {
            Object value = value(p, p.nextToken());
            if (!(value instanceof Map)) {
                throw new IOException("not a JSON object: " + text);
            }
            if (p.nextToken() != null) {
                throw new IOException("text after the JSON object: " + text);
            }
            return (Map<String, Object>) value;
        }
    }

    private static Object value(JsonParser p, JsonToken token) throws IOException {
        if (token == null) {
            throw new IOException("no JSON value");
        }
        return switch (token) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                    String name = p.currentName();
                    if (map.put(name, value(p, p.nextToken())) != null) {
                        throw new IOException("duplicate field " + name);
                    }
                }
                yield map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    list.add(value(p, t));
                }
                yield list;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected JSON token " + token);
        };
    }
}
