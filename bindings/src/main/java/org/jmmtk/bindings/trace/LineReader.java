package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines for the text readers: a line ends at LF, CRLF, or the end of the
 * input (a last line without LF, with or without CR, counts); at most {@link TraceFormat#MAX_LINE_BYTES}
 * bytes, a longer line is a {@link TraceException} (located by the caller at {@link #number()}). The
 * line's bytes stay in a buffer that the next call reuses. Used by one thread.
 */
public final class LineReader {
    private final ByteInput in;
    private byte[] line = new byte[256];
    private int length;
    private long number;
    private boolean terminated;

    public LineReader(InputStream in) {
        this(in, false);
    }

    /** With {@code checksum}, {@link #checksumBefore()} gives the CRC-32C of the bytes before the current line. */
    LineReader(InputStream in, boolean checksum) {
        this(new ByteInput(in, checksum));
    }

    /** Over {@code in}, which the caller may also parse lines from directly ({@link #skipped}). */
    LineReader(ByteInput in) {
        this.in = in;
    }

    /** Reads the next line; false at the end of the input. */
    public boolean next() throws IOException {
        length = 0;
        boolean any = false;
        in.pin();
        for (;;) {
            int b = in.next();
            if (b < 0 || b == '\n') {
                if (b == '\n' || any) {
                    number++;
                    terminated = b == '\n';
                    if (length > 0 && line[length - 1] == '\r') {
                        length--;
                    }
                    return true;
                }
                return false;
            }
            any = true;
            if (length == line.length) {
                if (length >= TraceFormat.MAX_LINE_BYTES) {
                    number++;
                    throw new TraceException("line longer than " + TraceFormat.MAX_LINE_BYTES
                            + " bytes (the longest a record may be)");
                }
                line = Arrays.copyOf(line, Math.min(line.length * 2, TraceFormat.MAX_LINE_BYTES));
            }
            line[length++] = (byte) b;
        }
    }

    /**
     * Counts a line that the caller parsed straight from the input's buffer, ending with the LF at index
     * {@code lf} of it: the input moves past the LF, the line number on; the current line's bytes are empty.
     */
    void skipped(int lf) {
        in.skipTo(lf + 1);
        number++;
        terminated = true;
        length = 0;
    }

    /** The current line's bytes, valid up to {@link #length()}. */
    public byte[] bytes() {
        return line;
    }

    public int length() {
        return length;
    }

    /** The current line's number, from 1. */
    public long number() {
        return number;
    }

    /** Whether the current line ended with LF (false for a last line cut short of its terminator). */
    public boolean terminated() {
        return terminated;
    }

    /** The CRC-32C of every byte of the stream before the current line (only with a checksum). */
    int checksumBefore() {
        return in.checksumBeforePin();
    }

    /** Bytes consumed from the stream so far. */
    public long consumed() {
        return in.consumed();
    }
}
