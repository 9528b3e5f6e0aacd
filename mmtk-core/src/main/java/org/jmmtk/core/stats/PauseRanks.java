package org.jmmtk.core.stats;

import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Pause-time percentiles as an HdrHistogram of 3 significant digits reports them (2.2's
 * {@code getValueAtPercentile}: the pause of that rank, its rounding included, taken to the upper end of
 * its bucket) clamped to the longest pause, computed from the sorted pauses: the histogram's own method
 * walks its 10,000-odd counts per percentile, 1-2 ms of a short run's report in interpreted code, for a
 * run of a few dozen pauses. Stateless; any thread.
 */
final class PauseRanks {
    // only its bucket arithmetic is used, which reads its configuration and no counts
    private static final Histogram BUCKETS = new Histogram(3);

    private PauseRanks() {
    }

    /** The pauses of {@code collections}, negative ones as 0, in ascending order. */
    static long[] sorted(List<GcRecord> collections) {
        long[] sorted = new long[collections.size()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = Math.max(0, collections.get(i).pauseNanos());
        }
        Arrays.sort(sorted);
        return sorted;
    }

    /** The {@code percentile} (0-100) of {@code sorted}, 0 when it is empty. */
    static long percentile(long[] sorted, double percentile) {
        if (sorted.length == 0) {
            return 0;
        }
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
        long rank = Math.max((long) Math.ceil(requested * sorted.length / 100.0), 1);
        long pause = sorted[(int) Math.min(rank, sorted.length) - 1];
        long bucket = percentile == 0.0 ? BUCKETS.lowestEquivalentValue(pause) : BUCKETS.highestEquivalentValue(pause);
        return Math.min(bucket, sorted[sorted.length - 1]);
    }
}
