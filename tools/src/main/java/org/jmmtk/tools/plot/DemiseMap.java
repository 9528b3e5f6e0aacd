package org.jmmtk.tools.plot;

import java.util.Arrays;

/**
 * The demise map of section 8 of the Merlin paper: where in the age-ordered heap objects die, over
 * time. A grid of {@code width} time columns by {@code height} heap-position rows counts the deaths in
 * each cell. An object's position at its death is the live bytes younger than it (or, inverted, older
 * than it), the objects dying at the same moment still counted; ages are resolved to 1/65,536 of the
 * run (a Fenwick tree of live bytes over that many allocation-time buckets), so a position is exact to
 * within the live bytes of one bucket. Used by one thread; call {@link #finish} after the last record.
 */
final class DemiseMap extends DeathTimes {
    private static final int BUCKETS = 1 << 16;

    private final long totalBytes;
    private final long maxLive;
    private final int width;
    private final int height;
    private final boolean youngestAtBottom;
    private final long[] tree = new long[BUCKETS + 1];
    private final long[][] counts;
    private int[] dyingBuckets = new int[64];
    private long[] dyingBytes = new long[64];
    private int dying;
    private long treeTotal;

    DemiseMap(long totalBytes, long maxLive, int width, int height, boolean youngestAtBottom) {
        this.totalBytes = Math.max(1, totalBytes);
        this.maxLive = Math.max(1, maxLive);
        this.width = width;
        this.height = height;
        this.youngestAtBottom = youngestAtBottom;
        this.counts = new long[width][height];
    }

    @Override
    protected int tag(long bornAt) {
        return (int) Math.min(BUCKETS - 1, (long) ((double) bornAt * BUCKETS / totalBytes));
    }

    @Override
    protected void born(long bytes, int tag) {
        add(tag, bytes);
    }

    @Override
    protected void died(long bytes, int tag) {
        if (dying == dyingBuckets.length) {
            dyingBuckets = Arrays.copyOf(dyingBuckets, dying * 2);
            dyingBytes = Arrays.copyOf(dyingBytes, dying * 2);
        }
        dyingBuckets[dying] = tag;
        dyingBytes[dying] = bytes;
        dying++;
    }

    @Override
    protected void beforeAllocation() {
        placeDying();
    }

    void finish() {
        placeDying();
    }

    /** Counts the objects that died at this moment, at their positions before any of them left. */
    private void placeDying() {
        if (dying == 0) {
            return;
        }
        int column = (int) Math.min(width - 1, (long) ((double) time() * width / totalBytes));
        for (int k = 0; k < dying; k++) {
            long position = youngestAtBottom ? treeTotal - prefix(dyingBuckets[k]) : prefix(dyingBuckets[k] - 1);
            int row = (int) Math.min(height - 1, (long) ((double) position * height / maxLive));
            counts[column][row]++;
        }
        for (int k = 0; k < dying; k++) {
            add(dyingBuckets[k], -dyingBytes[k]);
        }
        dying = 0;
    }

    private void add(int bucket, long bytes) {
        treeTotal += bytes;
        for (int i = bucket + 1; i <= BUCKETS; i += i & -i) {
            tree[i] += bytes;
        }
    }

    /** Live bytes in buckets 0..bucket. */
    private long prefix(int bucket) {
        long sum = 0;
        for (int i = bucket + 1; i > 0; i -= i & -i) {
            sum += tree[i];
        }
        return sum;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    long count(int column, int row) {
        return counts[column][row];
    }

    /** The time at the middle of {@code column}, in bytes allocated. */
    double columnTime(int column) {
        return (column + 0.5) * totalBytes / width;
    }

    /** The heap position at the middle of {@code row}, in bytes. */
    double rowPosition(int row) {
        return (row + 0.5) * maxLive / height;
    }
}
