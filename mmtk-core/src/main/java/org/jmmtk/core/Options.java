package org.jmmtk.core;

import java.util.Locale;

/**
 * The run options of an {@link MMTK} instance: heap budget, GC threads, ProcessEdges packet capacity,
 * and whether the sanity checker runs after every collection. Setters validate and throw
 * {@link IllegalArgumentException} with a message fit for a user. Immutable once handed to MMTK.
 */
public final class Options {
    public static final long MIN_HEAP_BYTES = 1L << 10;
    public static final long MAX_HEAP_BYTES = 64L << 30;
    public static final long DEFAULT_HEAP_BYTES = 32L << 20;
    /** MMTk's {@code EDGES_WORK_BUFFER_SIZE}. */
    public static final int DEFAULT_PACKET_CAPACITY = 4096;
    public static final int MAX_THREADS = 256;

    private long heapBytes = DEFAULT_HEAP_BYTES;
    private int threads = Runtime.getRuntime().availableProcessors();
    private int packetCapacity = DEFAULT_PACKET_CAPACITY;
    private boolean sanity;

    public long heapBytes() {
        return heapBytes;
    }

    public int threads() {
        return threads;
    }

    public int packetCapacity() {
        return packetCapacity;
    }

    public boolean sanity() {
        return sanity;
    }

    public Options heapBytes(long bytes) {
        if (bytes < MIN_HEAP_BYTES || bytes > MAX_HEAP_BYTES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "heap size %s is impossible: it must be between %s and %s",
                    formatBytes(bytes), formatBytes(MIN_HEAP_BYTES), formatBytes(MAX_HEAP_BYTES)));
        }
        this.heapBytes = bytes;
        return this;
    }

    public Options threads(int n) {
        if (n < 1 || n > MAX_THREADS) {
            throw new IllegalArgumentException("GC thread count " + n + " is out of range 1.." + MAX_THREADS);
        }
        this.threads = n;
        return this;
    }

    public Options packetCapacity(int capacity) {
        if (capacity < 1 || capacity > (1 << 24)) {
            throw new IllegalArgumentException("packet capacity " + capacity + " is out of range 1.." + (1 << 24));
        }
        this.packetCapacity = capacity;
        return this;
    }

    public Options sanity(boolean on) {
        this.sanity = on;
        return this;
    }

    /** A copy, so that an MMTK instance never sees later changes. */
    public Options copy() {
        Options o = new Options();
        o.heapBytes = heapBytes;
        o.threads = threads;
        o.packetCapacity = packetCapacity;
        o.sanity = sanity;
        return o;
    }

    /**
     * Parses a size such as {@code 4096}, {@code 512k}, {@code 64m} or {@code 2g} (binary multiples,
     * case-insensitive, an optional trailing {@code b}).
     */
    public static long parseSize(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.endsWith("b")) {
            s = s.substring(0, s.length() - 1);
        }
        int shift = 0;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                case 't' -> shift = 40;
                default -> shift = 0;
            }
        }
        if (shift != 0) {
            s = s.substring(0, s.length() - 1);
        }
        long value;
        try {
            value = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size (examples: 65536, 512k, 64m, 2g)");
        }
        if (value < 0 || (shift > 0 && value > (Long.MAX_VALUE >> shift))) {
            throw new IllegalArgumentException("size '" + text + "' is out of range");
        }
        return value << shift;
    }

    /** Bytes in the largest binary unit that keeps them readable: {@code 32 MiB}, {@code 1.5 GiB}. */
    public static String formatBytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (Math.abs(v) >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        if (u == 0 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%d %s", (long) v, units[u]);
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
