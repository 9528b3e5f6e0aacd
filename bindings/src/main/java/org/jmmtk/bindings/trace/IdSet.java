package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.BitSet;

/**
 * A set of object ids: a bit each for the usual dense numbering (ids below 2^27, so at most 16 MiB of
 * bits), a primitive hash set for larger ones. Used by one thread.
 */
public final class IdSet {
    private static final long DENSE_LIMIT = 1L << 27;

    private final BitSet dense = new BitSet();
    private final LongOpenHashSet sparse = new LongOpenHashSet();

    /** Adds {@code id}; false if it was already present. */
    public boolean add(long id) {
        if (id >= 0 && id < DENSE_LIMIT) {
            int i = (int) id;
            if (dense.get(i)) {
                return false;
            }
            dense.set(i);
            return true;
        }
        return sparse.add(id);
    }

    public boolean contains(long id) {
        return id >= 0 && id < DENSE_LIMIT ? dense.get((int) id) : sparse.contains(id);
    }
}
