package org.jmmtk.tools.perfetto;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A Chrome/Perfetto JSON trace read back with Jackson's streaming parser, strictly: the file must be
 * exactly {@code {"traceEvents":[{...}, ...]}}; times are kept in nanoseconds, converted from the
 * written microseconds without rounding.
 */
public final class TraceFile {
    /** One trace event; {@code dur} and {@code id} are null when absent, {@code idIsNumber} says how id was written. */
    public record Event(int index, String ph, long pid, long tid, String name, String cat, long ts, Long dur, Long id,
                        boolean idIsNumber, String bp, String scope, Map<String, Object> args) {
        public long end() {
            return ts + (dur == null ? 0 : dur);
        }

        public long number(String arg) {
            return ((Number) args.get(arg)).longValue();
        }

        public boolean isPacket() {
            return "X".equals(ph) && args.containsKey("packetId");
        }
    }

    private static final JsonFactory FACTORY = new JsonFactory();

    private TraceFile() {
    }

    public static List<Event> read(Path file) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file));
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             JsonParser p = FACTORY.createParser(in)) {
            expect(p.nextToken(), JsonToken.START_OBJECT, p);
            expect(p.nextToken(), JsonToken.FIELD_NAME, p);
            if (!"traceEvents".equals(p.currentName())) {
                throw new IOException("first field is " + p.currentName() + ", not traceEvents");
            }
            expect(p.nextToken(), JsonToken.START_ARRAY, p);
            List<Event> events = new ArrayList<>();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                expect(t, JsonToken.START_OBJECT, p);
                events.add(event(events.size(), p));
            }
            expect(p.nextToken(), JsonToken.END_OBJECT, p);
            if (p.nextToken() != null) {
                throw new IOException("content after the trace object");
            }
            return events;
        }
    }

    private static Event event(int index, JsonParser p) throws IOException {
        String ph = null;
        String name = null;
        String cat = null;
        String bp = null;
        String scope = null;
        long pid = -1;
        long tid = -1;
        long ts = -1;
        Long dur = null;
        Long id = null;
        boolean idIsNumber = false;
        Map<String, Object> args = Map.of();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            switch (field) {
                case "ph" -> ph = p.getText();
                case "name" -> name = p.getText();
                case "cat" -> cat = p.getText();
                case "bp" -> bp = p.getText();
                case "s" -> scope = p.getText();
                case "pid" -> pid = p.getLongValue();
                case "tid" -> tid = p.getLongValue();
                case "ts" -> ts = nanos(p, v);
                case "dur" -> dur = nanos(p, v);
                case "id" -> {
                    idIsNumber = v == JsonToken.VALUE_NUMBER_INT;
                    id = idIsNumber ? p.getLongValue() : null;
                }
                case "args" -> args = object(p, v);
                default -> throw new IOException("unexpected field " + field + " in event " + index);
            }
        }
        return new Event(index, ph, pid, tid, name, cat, ts, dur, id, idIsNumber, bp, scope, args);
    }

    /** Microseconds as written (plain decimal) to nanoseconds; more than three decimals is an error. */
    private static long nanos(JsonParser p, JsonToken v) throws IOException {
        if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new IOException("time is not a number: " + p.getText());
        }
        return new BigDecimal(p.getText()).movePointRight(3).longValueExact();
    }

    private static Map<String, Object> object(JsonParser p, JsonToken v) throws IOException {
        expect(v, JsonToken.START_OBJECT, p);
        Map<String, Object> map = new LinkedHashMap<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
            String key = p.currentName();
            JsonToken value = p.nextToken();
            map.put(key, switch (value) {
                case VALUE_STRING -> p.getText();
                case VALUE_NUMBER_INT -> p.getLongValue();
                case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                case VALUE_TRUE -> true;
                case VALUE_FALSE -> false;
                default -> throw new IOException("unexpected arg value " + value + " for " + key);
            });
        }
        return map;
    }

    private static void expect(JsonToken actual, JsonToken expected, JsonParser p) throws IOException {
        if (actual != expected) {
            throw new IOException("expected " + expected + " but found " + actual + " at " + p.currentLocation());
        }
    }
}
