package org.jmmtk.tools.study;

import com.fasterxml.jackson.core.JsonToken;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.error.UsageException;

/**
 * The messages of a bad study file, each naming the file, the line and the key:
 * {@code small.yaml:7: heapFactors[2]: -1 is not a positive number}. Also the few checks of shape
 * (a mapping with known keys, a list that is not empty) every part of the config needs.
 */
final class ConfigErrors {
    private final Path file;

    ConfigErrors(Path file) {
        this.file = file;
    }

    /** Bad input at {@code node}. */
    UsageException at(ConfigNode node, String message) {
        return at(node.line(), node.path(), message);
    }

    /** Bad input at {@code line}, about the key at {@code path}. */
    UsageException at(int line, String path, String message) {
        return new UsageException(file + ":" + line + ": " + (path.isEmpty() ? "" : path + ": ") + message);
    }

    /** {@code node} as a mapping whose keys are all among {@code keys}. */
    ConfigNode.Mapping mapping(ConfigNode node, List<String> keys) {
        if (!(node instanceof ConfigNode.Mapping m)) {
            throw at(node, "expected a mapping (keys " + String.join(", ", keys) + "), got " + node.describe());
        }
        for (ConfigNode.Entry e : m.entries()) {
            if (!keys.contains(e.key())) {
                throw at(e.line(), m.path(), "unknown key " + Quote.of(e.key()) + "; valid keys: " + String.join(", ", keys));
            }
        }
        return m;
    }

    /** The items of {@code node}: a non-empty list, or a single scalar standing for a list of one. */
    List<ConfigNode> list(ConfigNode node) {
        if (node instanceof ConfigNode.Sequence s) {
            if (s.items().isEmpty()) {
                throw at(node, "is an empty list; give at least one value");
            }
            return s.items();
        }
        if (node instanceof ConfigNode.Scalar s && s.isNull()) {
            throw at(node, "is empty; give at least one value");
        }
        return List.of(node);
    }

    /** {@code node}'s text if it is a non-empty string (or a number written as one). */
    String text(ConfigNode node, String what) {
        if (node instanceof ConfigNode.Scalar s && !s.isNull() && !s.isBoolean() && !s.text().isBlank()) {
            return s.text();
        }
        throw at(node, "expected " + what + ", got " + node.describe());
    }

    /** {@code node} as a whole number in {@code [min, max]}. */
    long integer(ConfigNode node, long min, long max, String what) {
        if (node instanceof ConfigNode.Scalar s && s.token() == JsonToken.VALUE_NUMBER_INT) {
            try {
                long v = Long.parseLong(s.text().replace("_", ""));
                if (v >= min && v <= max) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // out of range of a long, or hexadecimal: reported below
            }
        }
        throw at(node, "expected " + what + " (a whole number from " + min + " to " + max + "), got " + node.describe());
    }

    /** {@code node} as a number in {@code [min, max]}. */
    double number(ConfigNode node, double min, double max, String what) {
        if (node instanceof ConfigNode.Scalar s && s.isNumber()) {
            try {
                double v = Double.parseDouble(s.text().replace("_", ""));
                if (v >= min && v <= max) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // hexadecimal or octal: reported below
            }
        }
        throw at(node, "expected " + what + " (a number from " + plain(min) + " to " + plain(max) + "), got "
                + node.describe());
    }

    private static String plain(double v) {
        return HeapFactorOption.plain(v);
    }
}
