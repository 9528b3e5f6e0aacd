package org.jmmtk.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Pause percentiles are ordered, never above the longest pause, and within 0.1% above the true value;
 * the space-time product integrates occupancy steps over allocation.
 */
class RunStatsTest {
    private static GcRecord pause(int gc, long nanos) {
        return GcRecord.builder(gc, "full", "heap-full").span(0, nanos).build();
    }

    @Test
    void noPausesGiveZeroPercentiles() {
        assertEquals(new PausePercentiles(0, 0, 0, 0), new RunStats().pausePercentiles());
    }

    @Test
    void onePauseIsEveryPercentileExactly() {
        RunStats stats = new RunStats();
        stats.add(pause(1, 1_234_567), false);
        assertEquals(new PausePercentiles(1_234_567, 1_234_567, 1_234_567, 1_234_567), stats.pausePercentiles());
    }

    @Test
    void percentilesAreOrderedBoundedAndClose() {
        Random random = new Random(11);
        for (int run = 0; run < 50; run++) {
            RunStats stats = new RunStats();
            int n = 1 + random.nextInt(300);
            long[] pauses = new long[n];
            for (int i = 0; i < n; i++) {
                pauses[i] = 1 + (long) Math.exp(random.nextDouble() * 20);
                stats.add(pause(i + 1, pauses[i]), false);
            }
            Arrays.sort(pauses);
            PausePercentiles p = stats.pausePercentiles();
            long max = stats.pauseMaxNanos();
            assertEquals(pauses[n - 1], max);
            assertTrue(p.p50Nanos() <= p.p90Nanos() && p.p90Nanos() <= p.p99Nanos() && p.p99Nanos() <= p.p999Nanos()
                    && p.p999Nanos() <= max, p + " max " + max);
            checkNearRank(pauses, 50, p.p50Nanos());
            checkNearRank(pauses, 90, p.p90Nanos());
            checkNearRank(pauses, 99, p.p99Nanos());
            checkNearRank(pauses, 99.9, p.p999Nanos());
        }
    }

    /** The reported value is at least the nearest-rank percentile and at most 0.1% above it. */
    private static void checkNearRank(long[] sorted, double percentile, long reported) {
        long exact = sorted[(int) Math.max(0, Math.ceil(percentile / 100 * sorted.length) - 1)];
        assertTrue(reported >= exact && reported <= exact + exact / 1000 + 1,
                "p" + percentile + ": " + reported + " for " + exact);
    }

    @Test
    void finalCollectionIsKeptApart() {
        RunStats stats = new RunStats();
        stats.add(pause(1, 100), false);
        stats.add(pause(2, 1_000_000), true);
        assertEquals(1, stats.gcCount());
        assertEquals(100, stats.pauseMaxNanos());
        assertEquals(100, stats.pausePercentiles().p999Nanos());
    }

    @Test
    void spaceTimeIntegratesOccupancyOverAllocation() {
        RunStats stats = new RunStats();
        stats.heapUsage(0, 100);
        stats.heapUsage(10, 300);
        stats.heapUsage(30, 50);
        stats.heapUsage(40, 50);
        assertEquals(100 * 10 + 300 * 20 + 50 * 10, stats.spaceTime(), 0);
    }
}
