package org.jmmtk.tools.study;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.tools.error.UsageException;

/**
 * Reads one YAML document into {@link ConfigNode}s that remember their lines, with Jackson's YAML
 * parser (which does not resolve aliases: they are refused rather than read as text). Syntax errors,
 * duplicate keys, aliases and a second document are bad input naming the file and line.
 */
final class YamlTree {
    private static final YAMLFactory FACTORY = new YAMLFactory();
    /** Largest study file read: far more than any matrix needs, and it is held in memory whole. */
    static final long MAX_BYTES = 16L << 20;

    private final Path file;
    private final YAMLParser parser;

    private YamlTree(Path file, YAMLParser parser) {
        this.file = file;
        this.parser = parser;
    }

    /** The document in {@code file}; null for an empty document. */
    static ConfigNode read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new UsageException(file + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
        }
        if (Files.size(file) > MAX_BYTES) {
            throw new UsageException(file + ": larger than " + (MAX_BYTES >> 20) + " MiB; not a study file");
        }
        try (Reader in = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
             YAMLParser p = (YAMLParser) FACTORY.createParser(in)) {
            YamlTree tree = new YamlTree(file, p);
            JsonToken first = p.nextToken();
            if (first == null) {
                return null;
            }
            ConfigNode root = tree.value("");
            if (p.nextToken() != null) {
                throw tree.error(p.currentTokenLocation().getLineNr(), "holds more than one YAML document; a study is one");
            }
            return root;
        } catch (CharacterCodingException e) {
            throw new UsageException(file + ": not UTF-8 text");
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new UsageException(file + (line > 0 ? ":" + line : "") + ": not valid YAML: " + summary(e));
        }
    }

    /** The value at the current token, read to its end. */
    private ConfigNode value(String path) throws IOException {
        JsonToken t = parser.currentToken();
        int line = parser.currentTokenLocation().getLineNr();
        if (parser.isCurrentAlias()) {
            throw error(line, at(path) + "the YAML alias " + Quote.of("*" + parser.getText())
                    + " is not supported; write the value out");
        }
        if (t == JsonToken.START_OBJECT) {
            List<ConfigNode.Entry> entries = new ArrayList<>();
            for (JsonToken k = parser.nextToken(); k != JsonToken.END_OBJECT; k = parser.nextToken()) {
                String key = parser.currentName();
                int keyLine = parser.currentTokenLocation().getLineNr();
                if (entries.stream().anyMatch(e -> e.key().equals(key))) {
                    throw error(keyLine, at(path) + "key " + Quote.of(key) + " is given twice");
                }
                parser.nextToken();
                entries.add(new ConfigNode.Entry(key, keyLine, value(path.isEmpty() ? key : path + "." + key)));
            }
            return new ConfigNode.Mapping(path, line, entries);
        }
        if (t == JsonToken.START_ARRAY) {
            List<ConfigNode> items = new ArrayList<>();
            for (JsonToken i = parser.nextToken(); i != JsonToken.END_ARRAY; i = parser.nextToken()) {
                items.add(value(path + "[" + items.size() + "]"));
            }
            return new ConfigNode.Sequence(path, line, items);
        }
        return new ConfigNode.Scalar(path, line, t, parser.getText());
    }

    private UsageException error(int line, String message) {
        return new UsageException(file + ":" + line + ": " + message);
    }

    private static String at(String path) {
        return path.isEmpty() ? "" : path + ": ";
    }

    /** SnakeYAML's message without its echo of the input ("in 'reader', line 2, ..." and the caret lines). */
    private static String summary(JsonProcessingException e) {
        List<String> parts = new ArrayList<>();
        for (String line : String.valueOf(e.getOriginalMessage()).split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !line.startsWith(" ") && !l.startsWith("in '")) {
                parts.add(l);
            }
        }
        return parts.isEmpty() ? "cannot parse it" : String.join("; ", parts);
    }
}
