package org.jmmtk.tools.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MemoryBandwidthTest {
    @Test
    void theSaturatingCurveFollowsItsFormula() {
        MemoryBandwidth b = MemoryBandwidth.saturating(8e9, 100e9, 16);
        assertEquals(16, b.threads());
        assertEquals(8e9, b.aggregate(1), 1);
        assertEquals(16 * 8e9 / (1 + 15 * 0.08), b.aggregate(16), 1);
        assertEquals(1 + 15 * 0.08, b.contention(16), 1e-9, "c * B1 / B(c) = 1 + (c - 1) * B1 / Bmax");
        assertEquals(b.aggregate(16), b.aggregate(40), 1e-9, "flat beyond the last measured count");
        assertEquals((b.aggregate(3) + b.aggregate(4)) / 2, b.aggregate(3.5), 1e-3);
    }

    @Test
    void perfectScalingHasNoContention() {
        MemoryBandwidth b = new MemoryBandwidth(new double[] {1e9, 2e9, 3e9, 4e9});
        for (double c : new double[] {0.5, 1, 2, 3.3, 4}) {
            assertEquals(1, b.contention(c), 1e-12);
            assertEquals(1, b.slowdown(c, 1), 1e-12);
        }
        assertEquals(2, b.contention(8), 1e-12, "8 packets share what 4 threads got");
    }

    @Test
    void slowdownLiesBetweenNoneAndBandwidthBound() {
        SplittableRandom random = new SplittableRandom(37);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + random.nextInt(32);
            double[] curve = new double[n];
            for (int k = 0; k < n; k++) {
                curve[k] = 1e8 + random.nextDouble() * 1e11;
            }
            MemoryBandwidth b = new MemoryBandwidth(curve);
            double c = 1 + random.nextDouble() * 64;
            double f = random.nextDouble();
            double s = b.slowdown(c, f);
            assertTrue(s >= 1 - 1e-12 && s <= b.contention(c) + 1e-12, s + " at c " + c + ", f " + f);
            assertEquals(1, b.slowdown(c, 0), 1e-12);
            assertEquals(b.contention(c), b.slowdown(c, 1), 1e-12);
        }
    }

    @Test
    void theMemoryFractionIsTheOneThreadMemoryTimeOverTheClosure() {
        assertEquals(0.25, MemoryBandwidth.memoryFraction(1e6, 1e9, 4e6), 1e-12, "1 MB at 1 GB/s is 1 ms of a 4 ms closure");
        assertEquals(1, MemoryBandwidth.memoryFraction(1e7, 1e9, 4e6), 1e-12, "capped at 1");
        assertEquals(0, MemoryBandwidth.memoryFraction(0, 1e9, 4e6), 1e-12);
    }

    @Test
    void impossibleCurvesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new MemoryBandwidth(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> new MemoryBandwidth(new double[] {1e9, 0}));
        assertThrows(IllegalArgumentException.class, () -> new MemoryBandwidth(new double[] {Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> new MemoryBandwidth(new double[] {Double.POSITIVE_INFINITY}));
    }
}
