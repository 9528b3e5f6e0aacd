package org.jmmtk.tools.study;

import com.fasterxml.jackson.core.JsonToken;
import java.util.List;
import java.util.Optional;
import org.jmmtk.bindings.trace.Quote;

/**
 * A value read from a study's YAML file together with where it was written: its key path (such as
 * {@code plans[1].options}) and its line, so that every complaint about it can name both. Immutable;
 * made by {@link YamlTree} on the command's thread.
 */
sealed interface ConfigNode permits ConfigNode.Mapping, ConfigNode.Sequence, ConfigNode.Scalar {
    /** Where in the document: {@code heapFactors[2]}, or the empty string for the document itself. */
    String path();

    /** The 1-based line the value starts on. */
    int line();

    /** What kind of value this is, for messages ("a list", "a number", ...). */
    String describe();

    /** One key of a mapping, with the line the key is on. */
    record Entry(String key, int line, ConfigNode value) {
    }

    /** A YAML mapping, its keys in the order written. */
    record Mapping(String path, int line, List<Entry> entries) implements ConfigNode {
        public Mapping {
            entries = List.copyOf(entries);
        }

        Optional<ConfigNode> get(String key) {
            return entries.stream().filter(e -> e.key().equals(key)).map(Entry::value).findFirst();
        }

        /** The line of {@code key}, or of the mapping if it has no such key. */
        int keyLine(String key) {
            return entries.stream().filter(e -> e.key().equals(key)).mapToInt(Entry::line).findFirst().orElse(line);
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }

    /** A YAML sequence. */
    record Sequence(String path, int line, List<ConfigNode> items) implements ConfigNode {
        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /** A YAML scalar: the token Jackson made of it and the text as written. */
    record Scalar(String path, int line, JsonToken token, String text) implements ConfigNode {
        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }

        boolean isNumber() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }

        boolean isBoolean() {
            return token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
        }

        @Override
        public String describe() {
            return isNull() ? "empty" : isNumber() ? "the number " + Quote.of(text)
                    : isBoolean() ? "the boolean " + text : "the text " + Quote.of(text);
        }
    }
}
