package org.jmmtk.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jmmtk.tools.model.MemoryBandwidth;
import org.jmmtk.tools.model.ModelCosts;
import org.jmmtk.tools.model.PacketGraph;
import org.junit.jupiter.api.Test;

/**
 * The measured memory share ({@link MemorySensitivity}) and how the model's interval uses it: the share is the
 * closure's slowdown beside the probes relative to the probe's own, only when the probe was slowed; the low end
 * takes the largest round's share and the best estimate the median round's, both within the bytes' bound.
 * Slowdowns are given, not timed: nothing here depends on how fast or busy the machine is.
 */
class MemorySensitivityTest {
    private static final int[] THREADS = {1, 2, 4, 8, 16, 32};

    /**
     * Rounds that resolve a share (the closure's scatter within 0.4 of the probe's excess) two times in three, any
     * rounds otherwise.
     */
    private static MemorySensitivity.Measured randomMeasurement(SplittableRandom random) {
        int rounds = 1 + random.nextInt(5);
        double[] closure = new double[rounds];
        double[] probe = new double[rounds];
        boolean resolved = random.nextInt(3) > 0;
        double p = 1.05 + random.nextDouble();
        double f = random.nextDouble();
        for (int r = 0; r < rounds; r++) {
            if (resolved) {
                probe[r] = p;
                closure[r] = 1 + f * (p - 1) + random.nextDouble() * 0.4 * (p - 1);
            } else {
                probe[r] = 0.9 + random.nextDouble();
                closure[r] = 0.9 + random.nextDouble() * (probe[r] - 0.8);
            }
        }
        return new MemorySensitivity.Measured(1 + random.nextInt(15), closure, probe);
    }

    @Test
    void theShareIsTheClosuresSlowdownOverTheProbes() {
        assertEquals(1, MemorySensitivity.Measured.fraction(1.3, 1.3), 1e-12, "slowed as the probe is: all memory");
        assertEquals(0, MemorySensitivity.Measured.fraction(1.0, 1.3), 1e-12, "not slowed: no memory");
        assertEquals(0.5, MemorySensitivity.Measured.fraction(1.15, 1.3), 1e-12);
        assertEquals(0, MemorySensitivity.Measured.fraction(0.95, 1.3), 1e-12, "faster beside the probe: clamped to 0");
        assertEquals(1, MemorySensitivity.Measured.fraction(1.6, 1.3), 1e-12, "slower than the probe: clamped to 1");
        assertThrows(IllegalArgumentException.class, () -> MemorySensitivity.Measured.fraction(1.1, 1.0));
        SplittableRandom random = new SplittableRandom(71);
        for (int trial = 0; trial < 500; trial++) {
            double sp = 1.001 + random.nextDouble();
            double sc = 0.8 + random.nextDouble();
            double more = sc + random.nextDouble() * 0.5;
            double f = MemorySensitivity.Measured.fraction(sc, sp);
            assertTrue(f >= 0 && f <= 1);
            assertTrue(MemorySensitivity.Measured.fraction(more, sp) >= f, "a more slowed closure, a larger share");
            assertTrue(MemorySensitivity.Measured.fraction(sc, sp + random.nextDouble()) <= f,
                    "the same slowdown against a more slowed probe, a smaller share");
        }
    }

    @Test
    void withoutContentionBetweenProbesNothingIsMeasured() {
        MemorySensitivity.Measured m = new MemorySensitivity.Measured(1, new double[] {1.05, 1.02},
                new double[] {1.10, 0.98});
        assertFalse(m.measured(), "a round whose probe was not slowed");
        assertTrue(Double.isNaN(m.fraction()) && Double.isNaN(m.fractionMax()));
        assertFalse(MemorySensitivity.Measured.NONE.measured());
        assertEquals(List.of(0.4, 0.9), List.of(ModelSweep.shares(0.4, 0.9, m)[0], ModelSweep.shares(0.4, 0.9, m)[1]),
                "the bytes' shares are used");
        MemorySensitivity.Measured ok = new MemorySensitivity.Measured(1, new double[] {1.05, 1.03, 1.07},
                new double[] {1.10, 1.10, 1.10});
        assertTrue(ok.measured());
        assertEquals(0.4, ok.resolution(), 1e-9);
        assertEquals(0.5, ok.fraction(), 1e-9, "the median slowdowns");
        assertEquals(0.7, ok.fractionMax(), 1e-9, "the most slowed closure against the least slowed probe");
        assertEquals(0.5, ModelSweep.shares(1, 1, ok)[0], 1e-9);
        assertEquals(0.7, ModelSweep.shares(1, 1, ok)[1], 1e-9);
        MemorySensitivity.Measured scattered = new MemorySensitivity.Measured(1, new double[] {1.05, 1.00, 1.07},
                new double[] {1.10, 1.10, 1.10});
        assertFalse(scattered.measured(), "the closure's scatter moves the share by 0.7: the noise's share");
        assertEquals(0.3, ModelSweep.shares(0.3, 0.9, scattered)[0], 1e-12);
        assertFalse(new MemorySensitivity.Measured(1, new double[] {1.05}, new double[] {1.10}).measured(),
                "one round: its scatter unknown");
        assertEquals(0.3, ModelSweep.shares(0.2, 0.3, ok)[1], 1e-9, "never above the bytes' bound");
        assertEquals(0.3, ModelSweep.shares(0.2, 0.3, ok)[0], 1e-9, "the best share never above the low end's");
    }

    /**
     * Over random graphs, costs and measurements: low ≤ best ≤ high at every thread count; the low end's share is
     * within the bytes' bound; and, on one graph with free scheduling, where the high end's speedup is the number
     * of packets running at once, the interval's width is {@code 1 + f * (contention(c) - 1)} (for the default
     * curve {@code 1 + f * (c - 1) * B1 / Bmax} at whole counts), so it grows with the thread count exactly as
     * the high end does.
     */
    @Test
    void theIntervalIsOrderedAndItsWidthIsTheContentionOfThePacketsRunningAtOnce() {
        SplittableRandom random = new SplittableRandom(73);
        MemoryBandwidth target = MemoryBandwidth.SERVER_DEFAULT;
        int measured = 0;
        for (int trial = 0; trial < 40; trial++) {
            MemorySensitivity.Measured m = randomMeasurement(random);
            measured += m.measured() ? 1 : 0;
            List<PacketGraph> graphs = new ArrayList<>();
            long[] live = new long[1 + random.nextInt(4)];
            long[] edges = new long[live.length];
            for (int i = 0; i < live.length; i++) {
                graphs.add(ModelIntervalTest.randomClosure(random, 1));
                live[i] = random.nextLong(50_000_000);
                edges[i] = random.nextLong(1_000_000);
            }
            ModelCosts costs = new ModelCosts(random.nextInt(1000), random.nextInt(10_000), random.nextInt(50_000),
                    random.nextInt(5000));
            ModelSweep.Memory memory = new ModelSweep.Memory(target, "server", 1e9, "recorder", m);
            ModelSweep.Result r = ModelSweep.predict(graphs, live, edges, THREADS, costs, memory);
            assertTrue(r.memoryFraction() <= r.memoryFractionMax() && r.memoryFractionMax() <= r.bytesFractionMax() + 1e-12);
            if (m.measured()) {
                assertEquals(Math.min(m.fractionMax(), r.bytesFractionMax()), r.memoryFractionMax(), 1e-12);
            }
            for (int t : THREADS) {
                ModelSweep.Prediction p = r.at(t);
                assertTrue(p.speedupLow() > 0 && p.speedupLow() <= p.speedup() + 1e-9
                        && p.speedup() <= p.speedupHigh() + 1e-9, trial + " at " + t + ": " + p);
            }

            ModelSweep.Result one = ModelSweep.predict(graphs.subList(0, 1), live, edges, THREADS, ModelCosts.FREE, memory);
            double f = one.memoryFractionMax();
            double lastHigh = 0;
            double lastWidth = 0;
            for (int t : THREADS) {
                ModelSweep.Prediction p = one.at(t);
                double width = p.speedupHigh() / p.speedupLow();
                assertEquals(1 + f * (target.contention(p.speedupHigh()) - 1), width, 1e-9, trial + " at " + t);
                if (p.speedupHigh() >= lastHigh) {
                    assertTrue(width >= lastWidth - 1e-12, trial + " at " + t);
                }
                lastHigh = p.speedupHigh();
                lastWidth = width;
            }
        }
        assertTrue(measured >= 10 && measured <= 30, measured + " of 40 measured: both kinds covered");
    }

    /** A smaller measured share never lowers the low end: the interval narrows from below as the share falls. */
    @Test
    void aSmallerMeasuredShareRaisesTheLowEnd() {
        SplittableRandom random = new SplittableRandom(79);
        List<PacketGraph> graphs = List.of(ModelIntervalTest.randomClosure(random, 1),
                ModelIntervalTest.randomClosure(random, 1), ModelIntervalTest.randomClosure(random, 1));
        long[] live = {1L << 30, 1L << 30, 1L << 30};
        long[] edges = {1 << 20, 1 << 20, 1 << 20};
        double previousLow16 = 0;
        for (int step = 6; step >= 0; step--) {
            double sc = 1 + step * 0.05;
            MemorySensitivity.Measured m = new MemorySensitivity.Measured(1, new double[] {sc, sc}, new double[] {1.3, 1.3});
            ModelSweep.Result r = ModelSweep.predict(graphs, live, edges, THREADS, ModelCosts.FREE,
                    new ModelSweep.Memory(MemoryBandwidth.SERVER_DEFAULT, "server", 1e9, "recorder", m));
            assertEquals(m.fraction(), r.memoryFractionMax(), 1e-12, "bytes at 1 GB/s over microseconds: a bound of 1");
            assertTrue(r.at(16).speedupLow() >= previousLow16 - 1e-12, "at closure slowdown " + sc);
            previousLow16 = r.at(16).speedupLow();
        }
        assertEquals(ModelSweep.predict(graphs, live, edges, THREADS, ModelCosts.FREE,
                new ModelSweep.Memory(MemoryBandwidth.SERVER_DEFAULT, "server", 1e9, "recorder")).at(16).speedupHigh(),
                previousLow16, 1e-9, "a closure the probes do not slow: no width");
    }

    /**
     * The same closure recorded on a machine three times slower in everything, with the same measured slowdowns
     * (ratios of its own CPU times), gives the same shares and interval.
     */
    @Test
    void aMeasuredShareIsTheSameAtTwoMachineSpeeds() {
        SplittableRandom random = new SplittableRandom(83);
        for (long seed = 0; seed < 10; seed++) {
            MemorySensitivity.Measured m = randomMeasurement(random);
            List<PacketGraph> fast = new ArrayList<>();
            List<PacketGraph> slow = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fast.add(ModelIntervalTest.randomClosure(new SplittableRandom(seed * 31 + i), 1));
                slow.add(ModelIntervalTest.randomClosure(new SplittableRandom(seed * 31 + i), 3));
            }
            long[] live = {400_000, 500_000, 600_000};
            long[] edges = {4_000, 5_000, 6_000};
            ModelSweep.Result a = ModelSweep.predict(fast, live, edges, THREADS, new ModelCosts(300, 4_000, 20_000, 1_000),
                    new ModelSweep.Memory(MemoryBandwidth.SERVER_DEFAULT, "server", 0.6e9, "fast", m));
            ModelSweep.Result b = ModelSweep.predict(slow, live, edges, THREADS, new ModelCosts(900, 12_000, 60_000, 3_000),
                    new ModelSweep.Memory(MemoryBandwidth.SERVER_DEFAULT, "server", 0.2e9, "slow", m));
            assertEquals(a.memoryFraction(), b.memoryFraction(), 1e-9);
            assertEquals(a.memoryFractionMax(), b.memoryFractionMax(), 1e-9);
            for (int t : THREADS) {
                assertEquals(a.at(t).speedupLow(), b.at(t).speedupLow(), 1e-9 * a.at(t).speedupLow(), "seed " + seed);
                assertEquals(a.at(t).speedup(), b.at(t).speedup(), 1e-9 * a.at(t).speedup(), "seed " + seed);
                assertEquals(a.at(t).speedupHigh(), b.at(t).speedupHigh(), 1e-9 * a.at(t).speedupHigh(), "seed " + seed);
            }
        }
    }
}
