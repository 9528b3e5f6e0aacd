package org.jmmtk.bindings.trace;

import java.nio.charset.StandardCharsets;

/**
 * The end record of a version-2 trace: how many records came before it, how many of them were
 * allocations and how many bytes those allocated, and the CRC-32C of every byte of the (uncompressed)
 * trace before it. Writers add it when they close; readers compare it with what they read, so a trace
 * that was cut or altered is an error rather than a shorter program. The layout is in
 * {@code docs/trace-format.md}. Immutable.
 *
 * @param records        the records before the end record (every kind; not the header, blank or comment lines)
 * @param objects        the allocation ({@code A}) records among them
 * @param bytesAllocated the sum of their sizes
 * @param checksum       the CRC-32C of the bytes before the end record, as the 32 bits of an {@code int}
 */
record EndRecord(long records, long objects, long bytesAllocated, int checksum) {
    /** The record letter, in both encodings. */
    static final char LETTER = 'E';
    /** The last four bytes of a binary trace, after the end record's fields. */
    static final byte[] BINARY_TRAILER = {'J', 'M', 'T', 'E'};
    /** Bytes of a binary end record: the letter, three 8-byte counts, the 4-byte checksum and the trailer. */
    static final int BINARY_SIZE = 1 + 8 + 8 + 8 + 4 + BINARY_TRAILER.length;

    /** The text line of this end record, with its LF. */
    byte[] text() {
        return (LETTER + " " + records + " " + objects + " " + bytesAllocated + " "
                + Integer.toUnsignedString(checksum) + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The binary form: {@link #BINARY_SIZE} bytes, the numbers little-endian. */
    byte[] binary() {
        byte[] b = new byte[BINARY_SIZE];
        b[0] = (byte) LETTER;
        putLong(b, 1, records);
        putLong(b, 9, objects);
        putLong(b, 17, bytesAllocated);
        for (int i = 0; i < 4; i++) {
            b[25 + i] = (byte) (checksum >>> (8 * i));
        }
        System.arraycopy(BINARY_TRAILER, 0, b, 29, BINARY_TRAILER.length);
        return b;
    }

    /** Parses the binary form from {@code b[0..BINARY_SIZE)}; null if it is not one (wrong letter or trailer). */
    static EndRecord parseBinary(byte[] b) {
        if (b[0] != LETTER) {
            return null;
        }
        for (int i = 0; i < BINARY_TRAILER.length; i++) {
            if (b[29 + i] != BINARY_TRAILER[i]) {
                return null;
            }
        }
        int checksum = 0;
        for (int i = 0; i < 4; i++) {
            checksum |= (b[25 + i] & 0xff) << (8 * i);
        }
        return new EndRecord(getLong(b, 1), getLong(b, 9), getLong(b, 17), checksum);
    }

    /**
     * Parses a text line that holds only an end record ({@code E records objects bytes checksum}, blanks
     * and a comment allowed); null if it is anything else. Lenient: it judges a damaged file's last line.
     */
    static EndRecord parseText(byte[] line, int length) {
        String[] fields = new String(line, 0, Math.min(length, 256), StandardCharsets.US_ASCII).split("#", 2)[0].strip()
                .split("[ \t]+");
        if (length > 256 || fields.length != 5 || !fields[0].equals(String.valueOf(LETTER))) {
            return null;
        }
        long[] v = new long[4];
        for (int i = 0; i < 4; i++) {
            try {
                v[i] = fields[i + 1].matches("[0-9]+") ? Long.parseLong(fields[i + 1]) : -1;
            } catch (NumberFormatException e) {
                v[i] = -1;
            }
            if (v[i] < 0) {
                return null;
            }
        }
        return v[3] > 0xffffffffL ? null : new EndRecord(v[0], v[1], v[2], (int) v[3]);
    }

    /**
     * Why {@code actual} (what a reader found before this end record) does not match it, or null when
     * it does. The checksum is compared first: a mismatch there means the bytes were altered.
     */
    String mismatch(EndRecord actual) {
        if (checksum != actual.checksum) {
            return "checksum mismatch: the end record says " + Integer.toUnsignedString(checksum)
                    + ", the bytes before it have " + Integer.toUnsignedString(actual.checksum)
                    + " (CRC-32C): the trace was altered";
        }
        if (records != actual.records || objects != actual.objects || bytesAllocated != actual.bytesAllocated) {
            return "the end record counts " + counts() + ", the trace has " + actual.counts();
        }
        return null;
    }

    private String counts() {
        return Long.toUnsignedString(records) + " records, " + Long.toUnsignedString(objects) + " objects, "
                + Long.toUnsignedString(bytesAllocated) + " bytes allocated";
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v |= (b[at + i] & 0xffL) << (8 * i);
        }
        return v;
    }
}
