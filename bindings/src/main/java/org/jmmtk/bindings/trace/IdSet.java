package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * A set of object ids: a bit each for the usual dense numbering (ids below 2^27, so at most 16 MiB of
 * bits), a primitive hash set for larger ones. The bits are a plain {@code long[]} grown by doubling
 * (not a {@link java.util.BitSet}, whose bookkeeping of the words in use costs the replay's checker a
 * tenth of its time: every record asks it once or twice). Used by one thread.
 */
public final class IdSet {
    private static final long DENSE_LIMIT = 1L << 27;

    private long[] dense = new long[64];
    private final LongOpenHashSet sparse = new LongOpenHashSet();

    /** Adds {@code id}; false if it was already present. */
    public boolean add(long id) {
        if (id >= 0 && id < DENSE_LIMIT) {
            int word = (int) (id >>> 6);
            long[] d = dense;
            if (word >= d.length) {
                d = grow(word);
            }
            long bit = 1L << id;
            long w = d[word];
            if ((w & bit) != 0) {
                return false;
            }
            d[word] = w | bit;
            return true;
        }
        return sparse.add(id);
    }

    public boolean contains(long id) {
        if (id >= 0 && id < DENSE_LIMIT) {
            int word = (int) (id >>> 6);
            long[] d = dense;
            return word < d.length && (d[word] & (1L << id)) != 0;
        }
        return sparse.contains(id);
    }

    private long[] grow(int word) {
        dense = Arrays.copyOf(dense, Math.max(word + 1, 2 * dense.length));
        return dense;
    }
}
