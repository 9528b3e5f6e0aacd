package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/**
 * Unsigned bytes from a stream through a 64 KiB buffer, counting those consumed; -1 at the end. Readers
 * of varints decode straight from the buffer while ten bytes are left in it ({@link #fastVarint}),
 * the hot path of binary replay; only near a buffer's end does a varint go byte by byte.
 *
 * <p>With a checksum, it keeps the CRC-32C of the bytes before a <em>pin</em>: the reader pins the
 * start of each record or line ({@link #pin}, one store), and {@link #checksumBeforePin} answers for the
 * last pin. The buffer is checksummed in bulk when it is refilled (the value at the pin is kept if the
 * pin lies in it), so the cost is one intrinsic CRC pass per 64 KiB and nothing per byte.
 */
final class ByteInput {
    /** Returned by {@link #fastVarint} when the fast path does not apply. */
    static final long SLOW = -1;

    private static final int CAPACITY = 1 << 16;

    private final InputStream in;
    /** {@link #CAPACITY} bytes of input and two last bytes that stay 0 ({@link #buffer}). */
    private final byte[] buffer = new byte[CAPACITY + 2];
    private int position;
    private int limit;
    /** Bytes in the buffers before the current one. */
    private long base;
    private final CRC32C crc;
    /** Bytes of the buffer before this index are in {@link #crc}. */
    private int summed;
    /** The pin's index in the buffer, or -1 when it lies in an earlier buffer (then {@link #pinnedSum} holds). */
    private int pin = -1;
    private int pinnedSum;

    ByteInput(InputStream in) {
        this(in, false);
    }

    /** With {@code checksum}, keeps the CRC-32C of the bytes before the last {@link #pin}. */
    ByteInput(InputStream in, boolean checksum) {
        this.in = in;
        this.crc = checksum ? new CRC32C() : null;
    }

    /** The next byte (0..255), or -1 at the end of the stream. */
    int next() throws IOException {
        if (position == limit) {
            refill();
            if (limit == 0) {
                return -1;
            }
        }
        return buffer[position++] & 0xff;
    }

    private void refill() throws IOException {
        if (crc != null) {
            if (pin >= 0) {
                crc.update(buffer, summed, pin - summed);
                pinnedSum = (int) crc.getValue();
                summed = pin;
                pin = -1;
            }
            crc.update(buffer, summed, limit - summed);
            summed = 0;
        }
        base += limit;
        limit = Math.max(0, in.read(buffer, 0, CAPACITY));
        position = 0;
    }

    /**
     * Reads bytes into all of {@code into} (a block, e.g. a chunk of a stream trace, copied in bulk);
     * returns how many it read, fewer only at the end of the stream.
     */
    int read(byte[] into) throws IOException {
        int n = 0;
        while (n < into.length) {
            if (position == limit) {
                refill();
                if (limit == 0) {
                    break;
                }
            }
            int k = Math.min(into.length - n, limit - position);
            System.arraycopy(buffer, position, into, n, k);
            position += k;
            n += k;
        }
        return n;
    }

    /** Marks the next byte as the start of a record, for {@link #checksumBeforePin}. */
    void pin() {
        pin = position;
    }

    /** The CRC-32C of every byte before the last {@link #pin} (only with a checksum). */
    int checksumBeforePin() {
        if (pin < 0) {
            return pinnedSum;
        }
        crc.update(buffer, summed, pin - summed);
        summed = pin;
        return (int) crc.getValue();
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
        // unrolled for the one- to three-byte varints of most fields and ids below 2^21
        int x = b[p];
        if (x >= 0) {
            position = p + 1;
            return x;
        }
        long value = x & 0x7f;
        x = b[p + 1];
        if (x >= 0) {
            position = p + 2;
            return value | (long) x << 7;
        }
        value |= (long) (x & 0x7f) << 7;
        x = b[p + 2];
        if (x >= 0) {
            position = p + 3;
            return value | (long) x << 14;
        }
        value |= (long) (x & 0x7f) << 14;
        p += 3;
        for (int shift = 21; shift < 63; shift += 7) {
            x = b[p++];
            value |= (long) (x & 0x7f) << shift;
            if (x >= 0) {
                position = p;
                return value;
            }
        }
        return SLOW;
    }

    /**
     * The buffer, for a reader that parses straight from it between {@link #position} and {@link #limit}.
     * Its two last elements, after every byte a refill can fill, are always 0: a scan from at most
     * {@link #limit} that looks one byte ahead and stops at a byte of some kind other than 0 (a digit, a
     * blank) stays within the array without a bounds check of its own, though it may pass {@link #limit}
     * into bytes of an earlier refill, which its caller must not trust.
     */
    byte[] buffer() {
        return buffer;
    }

    /** Index in {@link #buffer} of the next byte. */
    int position() {
        return position;
    }

    /** Index in {@link #buffer} after the last buffered byte. */
    int limit() {
        return limit;
    }

    /** Consumes the buffered bytes before {@code index} (at most {@link #limit}), which the caller parsed itself. */
    void skipTo(int index) {
        position = index;
    }

    /** Bytes returned so far. */
    long consumed() {
        return base + position;
    }
}
