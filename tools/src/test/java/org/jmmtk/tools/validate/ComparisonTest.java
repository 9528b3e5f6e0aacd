package org.jmmtk.tools.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The per-collection comparison on hand-made runs, the figures worked out by hand: jmmtk's median
 * per-collection error against HotSpot's median run, and HotSpot's own spread (its other runs against
 * the same median run). No JVM is started.
 */
class ComparisonTest {
    private static Collector run(long... promoted) {
        return new Collector(promoted.length, 0, promoted, new long[promoted.length], new int[promoted.length], 0, 1);
    }

    @Test
    void hotSpotsSpreadIsItsWorstOtherRunAgainstTheMedianRun() {
        Collector low = run(100, 200, 300);            // total 600
        Collector mid = run(100, 250, 400);            // total 750: the median run
        Collector high = run(200, 250, 500, 999);      // total 1949; its 4th collection has no pair
        Collector jmmtk = run(110, 250, 300);
        Comparison c = Comparison.of(List.of(high, low, mid), jmmtk, Double.NaN, -1);
        assertSame(mid, c.median());
        // jmmtk against mid: 10%, 0%, 25% -> median 10%
        assertEquals(10.0, c.medianPerGcPromotedErrorPercent(), 1e-9);
        // low against mid: 0%, 20%, 25% -> 20%; high against mid: 100%, 0%, 25% -> 25%; the larger: 25%
        assertEquals(25.0, c.hotSpotPerGcPromotedSpreadPercent(), 1e-9);
    }

    @Test
    void oneHotSpotRunHasNoSpread() {
        Comparison c = Comparison.of(List.of(run(100, 200)), run(100, 200), Double.NaN, -1);
        assertTrue(Double.isNaN(c.hotSpotPerGcPromotedSpreadPercent()));
        assertEquals(0.0, c.medianPerGcPromotedErrorPercent(), 1e-9);
    }

    @Test
    void aCollectionWhereTheReferencePromotedNothingCountsZeroOrAHundred() {
        // pairs: 0 against 0 -> 0%; 0 against 5 -> 100%; 10 against 10 -> 0%: median 0%; with 0 -> 5 twice: 100%
        assertEquals(0.0, Comparison.medianPerGcErrorPercent(new long[] {0, 0, 10}, new long[] {0, 5, 10}), 1e-9);
        assertEquals(100.0, Comparison.medianPerGcErrorPercent(new long[] {0, 0, 10}, new long[] {5, 5, 10}), 1e-9);
        assertTrue(Double.isNaN(Comparison.medianPerGcErrorPercent(new long[0], new long[] {1})));
    }

    @Test
    void theSpreadMatchesABruteForceOnRandomRuns() {
        Random random = new Random(32);
        for (int trial = 0; trial < 200; trial++) {
            int runs = 2 + random.nextInt(4);
            Collector[] hs = new Collector[runs];
            for (int r = 0; r < runs; r++) {
                long[] p = new long[1 + random.nextInt(6)];
                for (int i = 0; i < p.length; i++) {
                    p[i] = random.nextInt(4) == 0 ? 0 : random.nextInt(1000);
                }
                hs[r] = run(p);
            }
            Comparison c = Comparison.of(List.of(hs), run(1, 2, 3), Double.NaN, -1);
            double expected = -1;
            for (Collector r : hs) {
                if (r != c.median()) {
                    expected = Math.max(expected, bruteMedianError(c.median().promoted(), r.promoted()));
                }
            }
            assertEquals(expected, c.hotSpotPerGcPromotedSpreadPercent(), 1e-9, "trial " + trial);
        }
    }

    /** The median of the paired errors by sorting a copy of them one by one (an independent formulation). */
    private static double bruteMedianError(long[] reference, long[] other) {
        int n = Math.min(reference.length, other.length);
        java.util.List<Double> e = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            double x = reference[i] == 0 ? (other[i] == 0 ? 0 : 100) : 100.0 * Math.abs(other[i] - reference[i]) / reference[i];
            e.add(x);
        }
        java.util.Collections.sort(e);
        return n % 2 == 1 ? e.get(n / 2) : (e.get(n / 2 - 1) + e.get(n / 2)) / 2;
    }
}
