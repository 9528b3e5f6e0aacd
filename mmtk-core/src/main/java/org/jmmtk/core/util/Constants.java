package org.jmmtk.core.util;

/**
 * Sizes of the simulated machine: 64-bit words, 4 KiB pages, 1 MiB chunks (the unit in which
 * simulated memory is mapped).
 */
public final class Constants {
    public static final int LOG_BYTES_IN_WORD = 3;
    public static final int BYTES_IN_WORD = 1 << LOG_BYTES_IN_WORD;
    public static final int LOG_BYTES_IN_PAGE = 12;
    public static final int BYTES_IN_PAGE = 1 << LOG_BYTES_IN_PAGE;
    public static final int LOG_BYTES_IN_CHUNK = 20;
    public static final long BYTES_IN_CHUNK = 1L << LOG_BYTES_IN_CHUNK;
    public static final int WORDS_IN_CHUNK = (int) (BYTES_IN_CHUNK >>> LOG_BYTES_IN_WORD);

    private Constants() {
    }

    /** {@code bytes} rounded up to whole pages. */
    public static long bytesToPages(long bytes) {
        return (bytes + BYTES_IN_PAGE - 1) >>> LOG_BYTES_IN_PAGE;
    }

    public static long pagesToBytes(long pages) {
        return pages << LOG_BYTES_IN_PAGE;
    }

    /** {@code value} rounded up to a multiple of {@code alignment}, a power of two. */
    public static long alignUp(long value, long alignment) {
        return (value + alignment - 1) & -alignment;
    }
}
