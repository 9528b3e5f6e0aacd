package org.jmmtk.core.util;

/**
 * Fixed sizes of the simulated machine: 64-bit words and 1 MiB chunks (the unit in which simulated
 * memory and side metadata are mapped, and the granule of the space table). Pages, blocks, lines and
 * allocation buffers scale with the heap: see {@code heap.HeapGeometry}.
 */
public final class Constants {
    public static final int LOG_BYTES_IN_WORD = 3;
    public static final int BYTES_IN_WORD = 1 << LOG_BYTES_IN_WORD;
    public static final int LOG_BYTES_IN_CHUNK = 20;
    public static final long BYTES_IN_CHUNK = 1L << LOG_BYTES_IN_CHUNK;
    public static final int WORDS_IN_CHUNK = (int) (BYTES_IN_CHUNK >>> LOG_BYTES_IN_WORD);

    private Constants() {
    }

    /** {@code value} rounded up to a multiple of {@code alignment}, a power of two. */
    public static long alignUp(long value, long alignment) {
        return (value + alignment - 1) & -alignment;
    }
}
