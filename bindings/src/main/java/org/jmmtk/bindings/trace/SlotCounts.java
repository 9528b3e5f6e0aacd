package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * The reference slot count of every object allocated, for a {@link TraceChecker} whose consumer holds
 * no object of its own to ask (the parallel replay's reader): a byte per id in pages for the usual
 * dense numbering (ids below 2^31, counts below 255), a primitive map for the rest. Used by one thread.
 */
final class SlotCounts {
    private static final int PAGE_BITS = 16;
    private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;
    private static final long DENSE_LIMIT = 1L << 31;
    /** A byte that says: the count is in the map. */
    private static final int LARGE = 255;

    private byte[][] pages = new byte[16][];
    private final Long2IntOpenHashMap large = new Long2IntOpenHashMap();

    void put(long id, int slots) {
        if (id >= DENSE_LIMIT) {
            large.put(id, slots);
            return;
        }
        int p = (int) (id >>> PAGE_BITS);
        if (p >= pages.length) {
            pages = Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
        }
        if (pages[p] == null) {
            pages[p] = new byte[1 << PAGE_BITS];
        }
        pages[p][(int) id & PAGE_MASK] = (byte) Math.min(slots, LARGE);
        if (slots >= LARGE) {
            large.put(id, slots);
        }
    }

    /** The slot count of {@code id}, which was put. */
    int get(long id) {
        if (id >= DENSE_LIMIT) {
            return large.get(id);
        }
        int count = pages[(int) (id >>> PAGE_BITS)][(int) id & PAGE_MASK] & 0xff;
        return count == LARGE ? large.get(id) : count;
    }
}
