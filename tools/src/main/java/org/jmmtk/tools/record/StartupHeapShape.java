package org.jmmtk.tools.record;

/**
 * The shape of HotSpot's start-up heap as a young collection meets it: the share of its live bytes at
 * each breadth-first level from the roots (class mirrors first, as {@code GenCollectedHeap::process_roots}
 * visits class loader data before threads, then what their statics reach, and so on). A Cheney scan copies
 * level by level, so where the to-space overflows at the first young collection, HotSpot has copied only
 * the upper levels of the start-up heap among the program's own objects; start-up objects held flat by
 * global roots were all copied ahead of everything the program's roots reach at depth one (Strings at
 * threshold 15: the to-space held only start-up objects, and the rolling window HotSpot keeps there was
 * promoted instead; docs/recording.md). Measured on HotSpot 17.0.15 (Serial GC, uncompressed oops, a
 * {@code main} that sleeps, {@code jmap -dump:live}) with {@code scripts/startup-levels.py}, which prints
 * these numbers for another JDK. Immutable; any thread.
 */
final class StartupHeapShape {
    /** Bytes at each level of the measured heap (643,200 live bytes, 11,137 objects, 16 levels). */
    private static final long[] MEASURED = {87528, 57424, 86568, 145224, 38976, 55408, 28904, 43120, 44872, 24520,
        10648, 10480, 6624, 2328, 528, 48};
    /** The least bytes a level is given: below it the level's share goes to the level above. */
    static final long LEAST = 64;

    private StartupHeapShape() {
    }

    /**
     * {@code live} bytes divided among the levels in the measured shares, each a multiple of 8 of at least
     * {@link #LEAST} (one level of at least a header's 16 when {@code live} is smaller), summing to
     * {@code live} rounded up to 8; fewer levels when {@code live} is small, none when it is not positive.
     */
    static long[] levelBytes(long live) {
        if (live <= 0) {
            return new long[0];
        }
        long total = 0;
        for (long b : MEASURED) {
            total += b;
        }
        long left = Math.max(16, (live + 7) & ~7L);
        long[] levels = new long[MEASURED.length];
        int n = 0;
        long shareLeft = total;
        for (int i = 0; i < MEASURED.length && left > 0; i++) {
            long bytes = Math.min(left, (long) ((double) left * MEASURED[i] / shareLeft) & ~7L);
            shareLeft -= MEASURED[i];
            if (i == MEASURED.length - 1 || bytes < LEAST || left - bytes < LEAST) {
                bytes = left;
            }
            if (bytes < LEAST && n > 0) {
                levels[n - 1] += bytes;
            } else {
                levels[n++] = bytes;
            }
            left -= bytes;
        }
        return java.util.Arrays.copyOf(levels, n);
    }
}
