package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.util.function.Function;

/**
 * The end record of the binary layouts (plain binary and per-thread streams): read after its letter,
 * checked against what the reader counted, and nothing allowed after it. The reader that calls it
 * names the position in its errors. Used by the thread that reads the trace.
 */
final class BinaryEnd {
    private BinaryEnd() {
    }

    /**
     * Reads the rest of the end record whose letter was just read and checks it against the trace's
     * counts and the checksum of everything before it.
     */
    static void check(ByteInput in, long records, long objects, long bytesAllocated,
                      Function<String, TraceException> error) throws IOException {
        int checksum = in.checksumBeforePin();
        compare(read(in, error), new EndRecord(records, objects, bytesAllocated, checksum), error);
    }

    /** Reads the rest of the end record whose letter was just read (take the checksum before calling). */
    static EndRecord read(ByteInput in, Function<String, TraceException> error) throws IOException {
        byte[] bytes = new byte[EndRecord.BINARY_SIZE];
        bytes[0] = EndRecord.LETTER;
        for (int i = 1; i < bytes.length; i++) {
            int b = in.next();
            if (b < 0) {
                throw error.apply("truncated: the end record is cut (" + i + " of its " + EndRecord.BINARY_SIZE + " bytes)");
            }
            bytes[i] = (byte) b;
        }
        EndRecord end = EndRecord.parseBinary(bytes);
        if (end == null) {
            throw error.apply("malformed end record (it must end with the bytes 'JMTE')");
        }
        return end;
    }

    /** Checks the end record {@code end} read from the file against what the reader counted. */
    static void compare(EndRecord end, EndRecord counted, Function<String, TraceException> error) {
        String mismatch = end.mismatch(counted);
        if (mismatch != null) {
            throw error.apply(mismatch);
        }
    }

    /** Refuses anything after the end record, which started at byte {@code first}. */
    static void nothingAfter(ByteInput in, long first, Function<String, TraceException> error) throws IOException {
        int after = in.next();
        if (after >= 0) {
            throw error.apply(after == EndRecord.LETTER ? "a second end record (the first is at byte " + first + ")"
                    : "data after the end record (at byte " + first + ")");
        }
    }
}
