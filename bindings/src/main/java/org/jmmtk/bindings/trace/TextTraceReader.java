package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Reads the text form of trace format 2 (and 1): one record per line, fields separated by blanks,
 * {@code #} to the end of the line a comment, {@code #jmmtk-trace 2} on the first line and, in version
 * 2, the end record on the last. Every malformed record is an error naming {@code file:line}; nothing
 * is skipped; a version-2 trace without its end record, or whose end record disagrees with what was
 * read, is an error too. Parses bytes directly (no per-line strings) because replay speed matters: a plain
 * record is parsed straight from the input's buffer in one pass ({@link #fastRecord}), anything else
 * (type names, comments, tabs, CR, the end record, every error) line by line with its fields split first.
 */
public final class TextTraceReader extends FileTraceSource {
    private static final int MAX_FIELDS = 7;

    private ByteInput in;
    private LineReader lines;
    private byte[] line;
    private int lineLength;
    private long lineNumber;
    private final int[] fieldStart = new int[MAX_FIELDS];
    private final int[] fieldEnd = new int[MAX_FIELDS];
    private int fieldCount;
    private long records;
    private long objects;
    private long bytesAllocated;
    /** The most numbers a plain record has (an A record's). */
    private static final int MAX_NUMBERS = 5;
    /** {@link #numbers}' length, a power of two: a line of more fields, never plain, wraps around in it. */
    private static final int NUMBER_SLOTS = 8;
    /** The numbers of the record {@link #fastRecord} parses. */
    private final long[] numbers = new long[NUMBER_SLOTS];

    public TextTraceReader(Path file) throws IOException {
        super(file);
    }

    @Override
    protected void read(InputStream input, TraceEvents out) throws IOException {
        this.in = new ByteInput(input, true);
        this.lines = new LineReader(in);
        lineNumber = 0;
        records = 0;
        objects = 0;
        bytesAllocated = 0;
        if (!readLine()) {
            lineNumber = 1;
            throw error("empty file: not a jmmtk trace (expected '" + TraceFormat.TEXT_HEADER + "' on line 1)");
        }
        version = checkHeader();
        for (;;) {
            try {
                if (fastRecord(out)) {
                    continue;
                }
            } catch (TraceException e) {
                throw e.at(location());
            }
            if (!readLine()) {
                break;
            }
            if (split()) {
                try {
                    if (dispatch(out)) {
                        return;
                    }
                } catch (TraceException e) {
                    throw e.at(location());
                }
            }
        }
        if (version == TraceFormat.VERSION) {
            atEnd = true;
            throw new TraceException(file.toString(), "truncated: no end record after line " + lineNumber);
        }
    }

    private int checkHeader() {
        String first = new String(line, 0, Math.min(lineLength, 256), StandardCharsets.UTF_8);
        int version = TraceFormat.textVersion(first);
        if (version > 0) {
            return version;
        }
        if (version == 0) {
            String declared = first.strip().substring("#jmmtk-trace ".length()).split("#", 2)[0].strip();
            throw error("unsupported trace version " + Quote.of(declared) + " (this jmmtk reads versions 1 and 2)");
        }
        throw error("not a jmmtk trace: expected '" + TraceFormat.TEXT_HEADER + "' on line 1");
    }

    @Override
    protected String position() {
        return "line " + lineNumber;
    }

    /**
     * Checks the end record on the current line against what was read, then that nothing follows it.
     * The line must end with LF: a trace cut inside its last line is truncated, not a different count.
     */
    private void end() throws IOException {
        atEnd = true;
        long endLine = lineNumber;
        if (!lines.terminated()) {
            throw error("truncated: the end record is cut (its line has no line end)");
        }
        expect(EndRecord.LETTER, 5, 5);
        EndRecord read = new EndRecord(records, objects, bytesAllocated, lines.checksumBefore());
        EndRecord end = new EndRecord(longField(1, "record count", 0, Long.MAX_VALUE),
                longField(2, "object count", 0, Long.MAX_VALUE), longField(3, "bytes allocated", 0, Long.MAX_VALUE),
                (int) longField(4, "checksum", 0, 0xffffffffL));
        String mismatch = end.mismatch(read);
        if (mismatch != null) {
            throw error(mismatch);
        }
        if (readLine()) {
            throw error(split() && fieldEnd[0] - fieldStart[0] == 1 && line[fieldStart[0]] == EndRecord.LETTER
                    ? "a second end record (the first is on line " + endLine + ")"
                    : "data after the end record (on line " + endLine + ")");
        }
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

    /** Dispatches the record on the current line; true when it was the end record (checked). */
    private boolean dispatch(TraceEvents out) throws IOException {
        if (fieldEnd[0] - fieldStart[0] != 1) {
            throw error("unknown record " + field(0));
        }
        char kind = (char) line[fieldStart[0]];
        records++;
        switch (kind) {
            case 'T' -> {
                if (fieldCount < 3) {
                    throw error("record T needs a type id and a name");
                }
                int typeId = intField(1, "type id", 0, ObjectModel.MAX_TYPE_ID);
                String name = new String(line, fieldStart[2], lineEnd() - fieldStart[2], StandardCharsets.UTF_8).strip();
                out.type(typeId, name);
            }
            case 'K' -> {
                expect(kind, 3, 3);
                out.weakSlot(intField(1, "type id", 0, ObjectModel.MAX_TYPE_ID),
                        intField(2, "weak slot", 0, ObjectModel.MAX_REF_SLOTS));
            }
            case 'A' -> {
                expect(kind, 5, 6);
                long size = longField(3, "size", 1, ObjectModel.MAX_TRACE_BYTES);
                objects++;
                bytesAllocated += size;
                out.alloc(intField(1, "thread", 0, Integer.MAX_VALUE), id(2, "object id"), size,
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
            case TraceFormat.THREAD_END -> {
                expect(kind, 2, 2);
                out.threadEnd(intField(1, "thread", 0, Integer.MAX_VALUE));
            }
            case EndRecord.LETTER -> {
                if (version != TraceFormat.VERSION) {
                    throw error("unknown record " + field(0) + " (end records belong to version 2)");
                }
                records--;
                end();
                return true;
            }
            default -> throw error("unknown record " + field(0));
        }
        return false;
    }

    /**
     * Parses and dispatches the next line straight from the input's buffer if it is a plain record: A, W, R,
     * G, D, P or C, each field a blank and at most 18 digits, every value in range, the LF in the buffer.
     * Otherwise it consumes nothing and returns false, and the line takes the general path, which reads any
     * valid line and words every error; so this path only makes the common case fast, it decides nothing.
     *
     * <p>Shaped for the JIT, which compiles it while a short run replays: C2 drops the branches its profile
     * never saw taken and, when one is taken later, throws the code away and compiles again (the earlier
     * form was compiled by C2 three times per run). So the scan has no branch of its own for what only a
     * rare line does: no bounds check (the buffer's zeros after its end stop it, {@link ByteInput#buffer}),
     * and every reason to leave the line to the general path (a blank too many, a letter, CR, too many
     * digits or fields, the buffer's end) is or'ed into one flag tested once, a branch taken at nearly every
     * refill. What the record kind decides is in {@link #plain}.
     */
    private boolean fastRecord(TraceEvents out) {
        byte[] b = in.buffer();
        int p = in.position();
        int kind = b[p];
        long[] v = numbers;
        int n = 0;
        int other = 0;
        while (b[++p] == ' ') {
            int blank = p;
            long value = 0;
            for (int d; (d = b[p + 1] - '0') >= 0 && d <= 9; p++) {
                value = value * 10 + d;
            }
            other |= below(p, blank + 1) | below(18, p - blank);
            v[n & (NUMBER_SLOTS - 1)] = value;
            n++;
        }
        if ((other | b[p] ^ '\n' | below(p, in.limit()) ^ 1 | below(MAX_NUMBERS, n)) != 0) {
            return false;
        }
        return plain(kind, n, p, out);
    }

    /**
     * 1 if {@code a < b}, else 0, for values far from overflow, computed without a branch: javac compiles a
     * comparison into one even where its value is only or'ed into a flag.
     */
    private static int below(int a, int b) {
        return (a - b) >>> 31;
    }

    /**
     * Dispatches the plain record of kind {@code kind} whose {@code n} numbers {@link #fastRecord} parsed
     * and whose line ends with the LF at {@code lf} of the buffer, if its fields are as many as the kind
     * has and in range; otherwise it consumes nothing and returns false. A method apart from the scan, and
     * larger than C2 inlines (574 bytes of bytecode; FreqInlineSize is 325), so that C2, meeting a kind later
     * than the profile it compiled this with (binarytrees' roots first come in a burst, then not for 30,000
     * records), compiles this method again, not the scan.
     */
    private boolean plain(int kind, int n, int lf, TraceEvents out) {
        long[] v = numbers;
        switch (kind) {
            case 'A' -> {
                if (n < 4 || v[0] > Integer.MAX_VALUE || v[1] < 1 || v[1] > ObjectModel.MAX_OBJECT_ID || v[2] < 1
                        || v[2] > ObjectModel.MAX_TRACE_BYTES || v[3] > ObjectModel.MAX_REF_SLOTS
                        || n == 5 && v[4] > ObjectModel.MAX_TYPE_ID) {
                    return false;
                }
                consumed(lf);
                objects++;
                bytesAllocated += v[2];
                out.alloc((int) v[0], v[1], v[2], (int) v[3], n == 5 ? (int) v[4] : 0);
            }
            case 'W' -> {
                if (n != 4 || v[0] > Integer.MAX_VALUE || v[1] < 1 || v[1] > ObjectModel.MAX_OBJECT_ID
                        || v[2] > ObjectModel.MAX_REF_SLOTS || v[3] > ObjectModel.MAX_OBJECT_ID) {
                    return false;
                }
                consumed(lf);
                out.write((int) v[0], v[1], (int) v[2], v[3]);
            }
            case 'R' -> {
                if (n != 3 || v[0] > Integer.MAX_VALUE || v[1] > TraceFormat.MAX_ROOT_SLOT
                        || v[2] > ObjectModel.MAX_OBJECT_ID) {
                    return false;
                }
                consumed(lf);
                out.root((int) v[0], (int) v[1], v[2]);
            }
            case 'G' -> {
                if (n != 2 || v[0] > TraceFormat.MAX_ROOT_SLOT || v[1] > ObjectModel.MAX_OBJECT_ID) {
                    return false;
                }
                consumed(lf);
                out.global((int) v[0], v[1]);
            }
            case 'D' -> {
                if (n != 1 || v[0] < 1 || v[0] > ObjectModel.MAX_OBJECT_ID) {
                    return false;
                }
                consumed(lf);
                out.death(v[0]);
            }
            case 'P' -> {
                if (n != 0) {
                    return false;
                }
                consumed(lf);
                out.perfectPoint();
            }
            case 'C' -> {
                if (n != 0) {
                    return false;
                }
                consumed(lf);
                out.collect();
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Counts a record {@link #fastRecord} parsed, whose line ends with the LF at {@code lf} of the buffer. */
    private void consumed(int lf) {
        lines.skipped(lf);
        lineNumber = lines.number();
        records++;
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
