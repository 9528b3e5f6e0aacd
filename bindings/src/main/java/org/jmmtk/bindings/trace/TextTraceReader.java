package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Reads the text form of trace format 1: one record per line, fields separated by blanks, {@code #}
 * to the end of the line a comment, {@code #jmmtk-trace 1} on the first line. Every malformed record
 * is an error naming {@code file:line}; nothing is skipped. Parses bytes directly (no per-line
 * strings) because replay speed matters.
 */
public final class TextTraceReader extends FileTraceSource {
    private static final int MAX_FIELDS = 7;

    private LineReader lines;
    private byte[] line;
    private int lineLength;
    private long lineNumber;
    private final int[] fieldStart = new int[MAX_FIELDS];
    private final int[] fieldEnd = new int[MAX_FIELDS];
    private int fieldCount;

    public TextTraceReader(Path file) throws IOException {
        super(file);
    }

    @Override
    protected void read(InputStream input, TraceEvents out) throws IOException {
        this.lines = new LineReader(input);
        lineNumber = 0;
        if (!readLine()) {
            lineNumber = 1;
            throw error("empty file: not a jmmtk trace (expected '" + TraceFormat.TEXT_HEADER + "' on line 1)");
        }
        checkHeader();
        while (readLine()) {
            if (split()) {
                try {
                    dispatch(out);
                } catch (TraceException e) {
                    throw e.at(location());
                }
            }
        }
    }

    private void checkHeader() {
        String first = new String(line, 0, Math.min(lineLength, 256), StandardCharsets.UTF_8).strip();
        int comment = first.indexOf('#', 1);
        if (comment > 0) {
            first = first.substring(0, comment).strip();
        }
        if (first.equals(TraceFormat.TEXT_HEADER)) {
            return;
        }
        if (first.startsWith("#jmmtk-trace ")) {
            throw error("unsupported trace version " + Quote.of(first.substring(13).strip()) + " (this jmmtk reads version 1)");
        }
        throw error("not a jmmtk trace: expected '" + TraceFormat.TEXT_HEADER + "' on line 1");
    }

    private String location() {
        return file + ":" + lineNumber;
    }

    private TraceException error(String reason) {
        return new TraceException(location(), reason);
    }

    /** Reads the next line into {@code line}; false at end of input. */
    private boolean readLine() throws IOException {
        try {
            boolean more = lines.next();
            line = lines.bytes();
            lineLength = lines.length();
            lineNumber = lines.number();
            return more;
        } catch (TraceException e) {
            lineNumber = lines.number();
            throw e.at(location());
        }
    }

    /** Splits the line into fields, dropping any comment; false for a blank or comment-only line. */
    private boolean split() {
        fieldCount = 0;
        int i = 0;
        while (i < lineLength) {
            byte b = line[i];
            if (b == '#') {
                break;
            }
            if (b == ' ' || b == '\t') {
                i++;
                continue;
            }
            int start = i;
            while (i < lineLength && line[i] != ' ' && line[i] != '\t' && line[i] != '#') {
                i++;
            }
            if (fieldCount == MAX_FIELDS) {
                fieldCount++;
                break;
            }
            fieldStart[fieldCount] = start;
            fieldEnd[fieldCount] = i;
            fieldCount++;
        }
        return fieldCount > 0;
    }

    private void dispatch(TraceEvents out) {
        if (fieldEnd[0] - fieldStart[0] != 1) {
            throw error("unknown record " + field(0));
        }
        char kind = (char) line[fieldStart[0]];
        switch (kind) {
            case 'T' -> {
                if (fieldCount < 3) {
                    throw error("record T needs a type id and a name");
                }
                int typeId = intField(1, "type id", 0, ObjectModel.MAX_TYPE_ID);
                String name = new String(line, fieldStart[2], lineEnd() - fieldStart[2], StandardCharsets.UTF_8).strip();
                out.type(typeId, name);
            }
            case 'A' -> {
                expect(kind, 5, 6);
                out.alloc(intField(1, "thread", 0, Integer.MAX_VALUE), id(2, "object id"),
                        longField(3, "size", 1, ObjectModel.MAX_TRACE_BYTES),
                        intField(4, "reference slot count", 0, ObjectModel.MAX_REF_SLOTS),
                        fieldCount == 6 ? intField(5, "type id", 0, ObjectModel.MAX_TYPE_ID) : 0);
            }
            case 'W' -> {
                expect(kind, 5, 5);
                out.write(intField(1, "thread", 0, Integer.MAX_VALUE), id(2, "source object id"),
                        intField(3, "slot", 0, ObjectModel.MAX_REF_SLOTS), target(4));
            }
            case 'R' -> {
                expect(kind, 4, 4);
                out.root(intField(1, "thread", 0, Integer.MAX_VALUE),
                        intField(2, "root slot", 0, TraceFormat.MAX_ROOT_SLOT), target(3));
            }
            case 'G' -> {
                expect(kind, 3, 3);
                out.global(intField(1, "global root slot", 0, TraceFormat.MAX_ROOT_SLOT), target(2));
            }
            case 'D' -> {
                expect(kind, 2, 2);
                out.death(id(1, "object id"));
            }
            case 'P' -> {
                expect(kind, 1, 1);
                out.perfectPoint();
            }
            case 'C' -> {
                expect(kind, 1, 1);
                out.collect();
            }
            default -> throw error("unknown record " + field(0));
        }
    }

    /** End of the line's content before any comment. */
    private int lineEnd() {
        for (int i = fieldStart[0]; i < lineLength; i++) {
            if (line[i] == '#') {
                return i;
            }
        }
        return lineLength;
    }

    private void expect(char kind, int min, int max) {
        if (fieldCount < min || fieldCount > max) {
            String want = min == max ? String.valueOf(min) : min + " or " + max;
            throw error("record " + kind + " needs " + want + (max == 1 ? " field" : " fields") + ", found "
                    + (fieldCount > MAX_FIELDS ? "more than " + MAX_FIELDS : String.valueOf(fieldCount)));
        }
    }

    /** Field {@code i}, quoted for a message. */
    private String field(int i) {
        return Quote.of(line, fieldStart[i], fieldEnd[i]);
    }

    private long id(int i, String what) {
        return longField(i, what, 1, ObjectModel.MAX_OBJECT_ID);
    }

    private long target(int i) {
        return longField(i, "target object id", 0, ObjectModel.MAX_OBJECT_ID);
    }

    private int intField(int i, String what, int min, int max) {
        return (int) longField(i, what, min, max);
    }

    private long longField(int i, String what, long min, long max) {
        int start = fieldStart[i];
        int end = fieldEnd[i];
        long value = 0;
        boolean ok = end - start <= 19;
        for (int k = start; k < end && ok; k++) {
            int d = line[k] - '0';
            if (d < 0 || d > 9) {
                ok = false;
            } else {
                value = value * 10 + d;
            }
        }
        if (!ok || value < 0) {
            throw error(what + " " + field(i) + " is not a non-negative integer");
        }
        if (value < min || value > max) {
            throw error(what + " " + value + " is out of range " + min + ".." + max);
        }
        return value;
    }
}
