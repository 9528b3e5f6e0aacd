package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.BitSet;

/**
 * A set of object ids: a bit each for the usual dense numbering (ids below 2^31), a primitive hash set
 * for larger ones. Used by one thread.
 */
final class IdSet {
    private final BitSet dense = new BitSet();
    private final LongOpenHashSet sparse = new LongOpenHashSet();

    /** Adds {@code id}; false if it was already present. */
    boolean add(long id) {
        if (id >= 0 && id < Integer.MAX_VALUE) {
            int i = (int) id;
            if (dense.get(i)) {
                return false;
            }
            dense.set(i);
            return true;
        }
        return sparse.add(id);
    }

    boolean contains(long id) {
        return id >= 0 && id < Integer.MAX_VALUE ? dense.get((int) id) : sparse.contains(id);
    }
}
