package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;

/**
 * Unsigned bytes from a stream through a 64 KiB buffer, counting those consumed; -1 at the end. Readers
 * of varints decode straight from the buffer while ten bytes are left in it ({@link #fastVarint}),
 * the hot path of binary replay; only near a buffer's end does a varint go byte by byte.
 */
final class ByteInput {
    /** Returned by {@link #fastVarint} when the fast path does not apply. */
    static final long SLOW = -1;

    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    /** Bytes in the buffers before the current one. */
    private long base;

    ByteInput(InputStream in) {
        this.in = in;
    }

    /** The next byte (0..255), or -1 at the end of the stream. */
    int next() throws IOException {
        if (position == limit) {
            base += limit;
            limit = in.read(buffer, 0, buffer.length);
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[position++] & 0xff;
    }

    /**
     * A varint of at most nine bytes (values below 2^63) decoded from the buffer, consuming it; or
     * {@link #SLOW}, consuming nothing, when fewer than ten bytes are buffered or the varint is longer
     * (the caller then reads it byte by byte, with its checks).
     */
    long fastVarint() {
        int p = position;
        if (limit - p < 10) {
            return SLOW;
        }
        byte[] b = buffer;
        long value = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            int x = b[p++];
            value |= (long) (x & 0x7f) << shift;
            if (x >= 0) {
                position = p;
                return value;
            }
        }
        return SLOW;
    }

    /** Bytes returned so far. */
    long consumed() {
        return base + position;
    }
}
