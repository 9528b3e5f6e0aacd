package org.jmmtk.core.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * MMU and BMU against hand-worked cases, the edge cases (no pauses, pauses at either end of the run,
 * windows longer than the run) and a brute force that marks every time unit of random pause sets.
 */
class MutatorUtilizationTest {
    private static final double EXACT = 1e-12;

    private static MutatorUtilization pauses(long wall, long... edges) {
        long[] s = new long[edges.length / 2];
        long[] e = new long[edges.length / 2];
        for (int i = 0; i < s.length; i++) {
            s[i] = edges[2 * i];
            e[i] = edges[2 * i + 1];
        }
        return new MutatorUtilization(s, e, wall);
    }

    @Test
    void noPausesIsFullUtilisation() {
        MutatorUtilization u = pauses(100);
        for (long w : new long[] {1, 50, 99, 100, 1000}) {
            assertEquals(1.0, u.mmu(w), EXACT);
            assertEquals(1.0, u.bmu(w), EXACT);
        }
        assertEquals(0, u.pauses().count());
        assertEquals(0, u.pauses().longestNanos());
    }

    @Test
    void oneMiddlePause() {
        MutatorUtilization u = pauses(100, 40, 50);
        assertEquals(0.0, u.mmu(5), EXACT);
        assertEquals(0.0, u.mmu(10), EXACT);
        assertEquals(0.5, u.mmu(20), EXACT);
        assertEquals(0.9, u.mmu(100), EXACT);
        assertEquals(1 - 10.0 / 99, u.mmu(99), EXACT);
        assertEquals(0.0, u.bmu(10), EXACT);
        assertEquals(0.5, u.bmu(20), EXACT);
        assertEquals(0.8, u.bmu(50), EXACT);
        assertEquals(0.9, u.bmu(100), EXACT);
    }

    @Test
    void pauseAtTheStartAndAtTheEnd() {
        MutatorUtilization start = pauses(100, 0, 10);
        assertEquals(0.0, start.mmu(10), EXACT);
        assertEquals(0.5, start.mmu(20), EXACT);
        MutatorUtilization end = pauses(100, 90, 100);
        assertEquals(0.0, end.mmu(10), EXACT);
        assertEquals(0.5, end.mmu(20), EXACT);
        assertEquals(0.9, end.mmu(100), EXACT);
    }

    @Test
    void windowLongerThanTheRunIsTheWholeRun() {
        MutatorUtilization u = pauses(100, 10, 20, 60, 75);
        assertEquals(0.75, u.utilization(), EXACT);
        assertEquals(0.75, u.mmu(100), EXACT);
        assertEquals(0.75, u.mmu(101), EXACT);
        assertEquals(0.75, u.mmu(Long.MAX_VALUE), EXACT);
        assertEquals(0.75, u.bmu(1_000), EXACT);
    }

    @Test
    void bmuIsBelowMmuWhereMmuIsNotMonotone() {
        // two pauses of 10 with a gap of 1: MMU(21) = 1/21 is below MMU(11) = 1/11
        MutatorUtilization u = pauses(1000, 100, 110, 111, 121);
        assertEquals(1.0 / 11, u.mmu(11), EXACT);
        assertEquals(1.0 / 21, u.mmu(21), EXACT);
        assertEquals(1.0 / 21, u.bmu(11), EXACT);
        assertEquals(1.0 / 21, u.bmu(12), EXACT);
    }

    @Test
    void bmuFindsADenseSpanBehindALessDenseOne() {
        // the span [38, 73] (24 of 35 paused) is the densest at least 27 long; a search that does not keep
        // the convex hull of span starts stops at a local optimum
        MutatorUtilization u = pauses(82, 1, 2, 6, 11, 14, 26, 38, 49, 50, 53, 63, 73);
        assertEquals(11.0 / 35, u.bmu(27), EXACT);
    }

    @Test
    void hugeTimesAreExact() {
        long k = 100_000_000_000_000L; // products of such times overflow 64 bits
        MutatorUtilization u = pauses(1000 * k, 100 * k, 110 * k, 111 * k, 121 * k);
        assertEquals(1.0 / 11, u.mmu(11 * k), EXACT);
        assertEquals(1.0 / 21, u.bmu(11 * k), EXACT);
        assertEquals(0.98, u.bmu(2000 * k), EXACT);
    }

    @Test
    void emptyRunIsFullUtilisation() {
        MutatorUtilization u = pauses(0);
        assertEquals(1.0, u.mmu(1), EXACT);
        assertEquals(1.0, u.bmu(1), EXACT);
    }

    @Test
    void badArgumentsAreRejected() {
        MutatorUtilization u = pauses(100, 10, 20);
        assertThrows(IllegalArgumentException.class, () -> u.mmu(0));
        assertThrows(IllegalArgumentException.class, () -> u.bmu(-1));
    }

    @Test
    void fromCollectionsUsesStartAndEndTimes() {
        GcRecord a = GcRecord.builder(1, "nursery", "heap-full").span(1_000_000, 3_000_000).build();
        GcRecord b = GcRecord.builder(2, "full", "heap-full").span(6_000_000, 7_000_000).build();
        MutatorUtilization u = MutatorUtilization.of(List.of(a, b), 10_000_000);
        assertEquals(0.0, u.mmu(2_000_000), EXACT);
        assertEquals(0.5, u.mmu(4_000_000), EXACT);
        assertEquals(0.7, u.utilization(), EXACT);
    }

    @Test
    void curveHasTheBendsAndEndsInTheRun() {
        MutatorUtilization u = pauses(10_000_000_000L, 1_000, 3_000, 5_000_000, 9_000_000);
        MmuCurve curve = MmuCurve.of(u);
        long[] w = curve.windowsNanos();
        assertEquals(2_000, w[0]);
        assertEquals(10_000_000_000L, w[w.length - 1]);
        for (long required : new long[] {4_000_000, 1_000_000, 100_000_000}) {
            assertEquals(true, java.util.Arrays.binarySearch(w, required) >= 0, "missing " + required);
        }
        for (int i = 1; i < w.length; i++) {
            assertEquals(true, w[i] > w[i - 1]);
            assertEquals(true, curve.bmu()[i] >= curve.bmu()[i - 1] - EXACT);
        }
        for (int i = 0; i < w.length; i++) {
            assertEquals(u.mmu(w[i]), curve.mmu()[i], EXACT);
            assertEquals(u.bmu(w[i]), curve.bmu()[i], EXACT);
        }
        assertEquals(0, MmuCurve.of(pauses(0)).windowsNanos().length);
        assertArrayEquals(new double[] {1.0}, MmuCurve.of(pauses(1)).mmu(), EXACT);
    }

    /**
     * Pauses with integer edges in a run of integer length: the busiest window of integer length starts
     * at an integer, so trying every integer start is exhaustive, and so is every integer length for BMU.
     */
    @Property(tries = 500)
    void agreesWithBruteForce(@ForAll @Size(max = 14) List<@IntRange(min = -5, max = 95) Integer> starts,
                              @ForAll @Size(max = 14) List<@IntRange(min = 0, max = 15) Integer> lengths,
                              @ForAll @IntRange(min = 1, max = 90) int wall) {
        int n = Math.min(starts.size(), lengths.size());
        long[] s = new long[n];
        long[] e = new long[n];
        boolean[] paused = new boolean[wall]; // time unit [t, t + 1) is paused
        for (int i = 0; i < n; i++) {
            s[i] = starts.get(i);
            e[i] = s[i] + lengths.get(i);
            for (long t = Math.max(0, s[i]); t < Math.min(wall, e[i]); t++) {
                paused[(int) t] = true;
            }
        }
        MutatorUtilization u = new MutatorUtilization(s, e, wall);
        double[] bruteMmu = new double[wall + 2];
        for (int w = 1; w <= wall + 1; w++) {
            bruteMmu[w] = bruteMmu(paused, w);
            assertEquals(bruteMmu[w], u.mmu(w), 1e-12, "MMU(" + w + ")");
        }
        for (int w = 1; w <= wall + 1; w++) {
            double brute = 1;
            for (int v = w; v <= wall + 1; v++) {
                brute = Math.min(brute, bruteMmu[v]);
            }
            assertEquals(brute, u.bmu(w), 1e-12, "BMU(" + w + ")");
        }
    }

    /**
     * Many pauses, of very different lengths: BMU equals the minimum of MMU(w) and every span from a
     * pause start to a pause end at least w long, tried one by one.
     */
    @Test
    void bmuOfManyPausesEqualsEverySpanTried() {
        Random random = new Random(7);
        for (int run = 0; run < 200; run++) {
            int n = 1 + random.nextInt(150);
            long[] s = new long[n];
            long[] e = new long[n];
            long t = random.nextInt(1000);
            for (int i = 0; i < n; i++) {
                s[i] = t;
                e[i] = t + 1 + (random.nextInt(4) == 0 ? random.nextInt(5_000) : random.nextInt(50));
                t = e[i] + 1 + random.nextInt(random.nextBoolean() ? 100 : 3_000);
            }
            long wall = t + random.nextInt(1000);
            MutatorUtilization u = new MutatorUtilization(s, e, wall);
            for (int k = 0; k < 20; k++) {
                long w = 1 + (long) Math.pow(wall, random.nextDouble());
                double expected = w >= wall ? u.utilization() : Math.min(u.mmu(w), u.utilization());
                for (int i = 0; i < n && w < wall; i++) {
                    long paused = 0;
                    for (int j = i; j < n; j++) {
                        paused += e[j] - s[j];
                        if (e[j] - s[i] >= w) {
                            expected = Math.min(expected, 1 - (double) paused / (e[j] - s[i]));
                        }
                    }
                }
                assertEquals(expected, u.bmu(w), 1e-12, "run " + run + ", BMU(" + w + ")");
            }
        }
    }

    private static double bruteMmu(boolean[] paused, int w) {
        int wall = paused.length;
        int length = Math.min(w, wall);
        double min = 1;
        for (int t = 0; t + length <= wall; t++) {
            int busy = 0;
            for (int k = t; k < t + length; k++) {
                busy += paused[k] ? 1 : 0;
            }
            min = Math.min(min, 1 - (double) busy / length);
        }
        return min;
    }
}
