package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;

/** Unsigned bytes from a stream through a 64 KiB buffer, counting those consumed; -1 at the end. */
final class ByteInput {
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private long consumed;

    ByteInput(InputStream in) {
        this.in = in;
    }

    /** The next byte (0..255), or -1 at the end of the stream. */
    int next() throws IOException {
        if (position == limit) {
            limit = in.read(buffer, 0, buffer.length);
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        consumed++;
        return buffer[position++] & 0xff;
    }

    /** Bytes returned by {@link #next} so far. */
    long consumed() {
        return consumed;
    }
}
