package org.jmmtk.bindings.elephanttracks;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceException;

/**
 * An Elephant Tracks 2 {@code fields.list}: each line {@code number  Class/field} names the reference
 * field that the third column of a {@code U} record holds; lines without a {@code /} ({@code 7  int})
 * name primitive types, not fields. Gives each class the fields it declares, in field-number order,
 * which become the first reference slots of its objects. Read once, then used by one reader thread.
 */
final class Et2Fields {
    private final Path file;
    private final Int2ObjectOpenHashMap<String> names = new Int2ObjectOpenHashMap<>();
    private final Map<String, IntArrayList> declared = new HashMap<>();

    private Et2Fields(Path file) {
        this.file = file;
    }

    /** The fields of {@code file}, or null when the folder has no {@code fields.list}. */
    static Et2Fields readIfPresent(Path file) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        Et2Fields fields = new Et2Fields(file);
        readList(file, "field", (number, name, where) -> {
            if (fields.names.put(number, name) != null) {
                throw new TraceException(where, "field number " + number + " is listed twice");
            }
            int slash = name.lastIndexOf('/');
            if (slash > 0) {
                fields.declared.computeIfAbsent(name.substring(0, slash), k -> new IntArrayList()).add(number);
            }
        });
        fields.declared.values().forEach(list -> list.sort(null));
        return fields;
    }

    /** One line of an ET2 list: its number, the rest of the line, and {@code file:line}. */
    interface ListLine {
        void accept(int number, String name, String where);
    }

    /** Reads an ET2 list ({@code classes.list}, {@code fields.list}): lines {@code number  name} (or {@code number, name}). */
    static void readList(Path file, String what, ListLine action) throws IOException {
        long line = 0;
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            line++;
            String s = l.trim();
            if (s.isEmpty()) {
                continue;
            }
            String[] f = s.split("[\\s,]+", 2);
            int number;
            try {
                number = Integer.parseInt(f[0]);
            } catch (NumberFormatException e) {
                throw new TraceException(file + ":" + line, "a " + what + " line starts with its number, not " + Quote.of(f[0]));
            }
            action.accept(number, f.length > 1 ? f[1].trim() : "", file + ":" + line);
        }
    }

    /** Checks that {@code number} names a reference field; the message says what it names instead. */
    void requireField(long number) {
        String name = number <= Integer.MAX_VALUE ? names.get((int) number) : null;
        if (name == null) {
            throw new TraceException("field " + number + " is not in " + file);
        }
        if (name.indexOf('/') <= 0) {
            throw new TraceException("field " + number + " is " + Quote.of(name) + " in " + file + ", not a Class/field");
        }
    }

    /** The field numbers class {@code className} declares, in increasing order (empty when none). */
    IntArrayList declaredBy(String className) {
        IntArrayList list = declared.get(className);
        return list == null ? new IntArrayList() : list;
    }
}
