package org.jmmtk.core.stats;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * Exact counts of object sizes (bytes, multiples of 8): a dense array for sizes up to
 * {@value #DENSE_BYTES} bytes, a map above. Gives the exact median, the size by which
 * {@link FreeSpaceProfile} fragmentation is reported.
 *
 * <p>Recorded by one mutator; merged by the thread that reports once mutators are stopped.
 */
public final class SizeHistogram {
    private static final int DENSE_BYTES = 8192;

    private final long[] dense = new long[DENSE_BYTES / 8 + 1];
    private final Long2LongOpenHashMap sparse = new Long2LongOpenHashMap();
    // written for every allocation, by the mutator's thread: padded so that another mutator's histogram,
    // run by another thread, never shares its cache line (HotSpot keeps declaration order among a
    // class's long fields, and lays them out first)
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    private long count;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    public void record(long bytes) {
        if (bytes <= DENSE_BYTES) {
            dense[(int) (bytes >>> 3)]++;
        } else {
            sparse.addTo(bytes, 1);
        }
        count++;
    }

    /** Adds {@code other}'s counts to this one. */
    public void add(SizeHistogram other) {
        for (int i = 0; i < dense.length; i++) {
            dense[i] += other.dense[i];
        }
        for (var e : other.sparse.long2LongEntrySet()) {
            sparse.addTo(e.getLongKey(), e.getLongValue());
        }
        count += other.count;
    }

    public long count() {
        return count;
    }

    /** The lower median of the sizes recorded (the ceil(n/2)-th smallest), 0 if none. */
    public long median() {
        if (count == 0) {
            return 0;
        }
        long rank = (count + 1) / 2;
        for (int i = 0; i < dense.length; i++) {
            rank -= dense[i];
            if (rank <= 0) {
                return (long) i << 3;
            }
        }
        long[] sizes = sparse.keySet().toLongArray();
        java.util.Arrays.sort(sizes);
        for (long size : sizes) {
            rank -= sparse.get(size);
            if (rank <= 0) {
                return size;
            }
        }
        throw new IllegalStateException("counts do not add up");
    }
}
