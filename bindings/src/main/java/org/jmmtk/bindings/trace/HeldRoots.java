package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongSet;

/**
 * How many non-null root slots each trace thread holds, for a consumer that keeps roots in a map of its own
 * (the shadow heaps): at a thread's end ({@code X}) they must all be clear, and a count answers that without
 * scanning every root. Updated only when a slot changes between null and non-null. Used by the consumer's
 * one thread.
 */
final class HeldRoots {
    private final Int2IntOpenHashMap held = new Int2IntOpenHashMap();

    /** A root slot of {@code thread} that held {@code wasHeld} now holds {@code nowHeld} (non-null or not). */
    void stored(int thread, boolean wasHeld, boolean nowHeld) {
        if (wasHeld != nowHeld) {
            held.addTo(thread, nowHeld ? 1 : -1);
        }
    }

    /**
     * The lowest key of {@code thread}'s slots among {@code keys}, root slots keyed {@code area << 20 | slot}
     * with area {@code thread + 1} (a scan of every root: only for the error, when {@link #any} is true).
     */
    static long lowestKey(LongSet keys, int thread) {
        long lowest = Long.MAX_VALUE;
        for (long key : keys) {
            if (key >>> 20 == thread + 1L) {
                lowest = Math.min(lowest, key);
            }
        }
        return lowest;
    }

    /** Whether {@code thread} holds any non-null root slot. */
    boolean any(int thread) {
        return held.get(thread) > 0;
    }
}
