package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.BitSet;

/**
 * Every object id ever allocated in a replay, to reject duplicate ids and to tell "never allocated"
 * from "already collected" in error messages. Small ids (the usual dense numbering) cost a bit each;
 * larger ones go to a hash set. Used by the replaying thread.
 */
final class AllocatedIds {
    private static final long DENSE_LIMIT = 1L << 27;

    private final BitSet dense = new BitSet();
    private final LongOpenHashSet sparse = new LongOpenHashSet();

    /** Records {@code id}; false if it was already recorded. */
    boolean add(long id) {
        if (id < DENSE_LIMIT) {
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
        return id < DENSE_LIMIT ? dense.get((int) id) : sparse.contains(id);
    }
}
