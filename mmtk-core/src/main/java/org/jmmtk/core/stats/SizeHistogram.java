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
    private long count;

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
