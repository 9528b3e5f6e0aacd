package org.jmmtk.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.model.MemoryBandwidth;
import org.jmmtk.tools.model.ModelCosts;
import org.jmmtk.tools.model.PacketGraph;
import org.junit.jupiter.api.Test;

/** The model's interval per thread count: low ≤ best ≤ high, and no width where bandwidth scales perfectly. */
class ModelIntervalTest {
    private static final int[] THREADS = {1, 2, 4, 8, 16, 32};

    /** Recorded on a machine whose probe runs as fast as the target's on one thread. */
    private static ModelSweep.Memory same(MemoryBandwidth target) {
        return new ModelSweep.Memory(target, "target", target.aggregate(1), "recorder");
    }

    /** A Closure root that spawns packets of random length at random points of its run, each maybe spawning more. */
    private static PacketGraph randomClosure(SplittableRandom random) {
        return randomClosure(random, 1);
    }

    /**
     * As above, every duration and spawn offset {@code slower} times as long: the same closure on a slower machine
     * (also {@link MemorySensitivityTest}'s graphs).
     */
    static PacketGraph randomClosure(SplittableRandom random, long slower) {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int n = 2 + random.nextInt(200);
        long[] durations = new long[n];
        for (int i = 0; i < n; i++) {
            durations[i] = 1000 + random.nextInt(100_000);
            int parent = i == 0 ? -1 : random.nextInt(i);
            long offset = parent < 0 ? -1 : random.nextLong(durations[parent] + 1);
            b.add("ProcessEdges", Stage.CLOSURE.ordinal(), durations[i] * slower, parent, offset < 0 ? -1 : offset * slower);
        }
        return b.build();
    }

    @Test
    void lowBestAndHighAreOrdered() {
        SplittableRandom random = new SplittableRandom(53);
        for (int trial = 0; trial < 40; trial++) {
            List<PacketGraph> graphs = new ArrayList<>();
            long[] live = new long[1 + random.nextInt(5)];
            long[] edges = new long[live.length];
            for (int i = 0; i < live.length; i++) {
                graphs.add(randomClosure(random));
                live[i] = random.nextLong(50_000_000);
                edges[i] = random.nextLong(1_000_000);
            }
            ModelCosts costs = new ModelCosts(random.nextInt(1000), random.nextInt(10_000), random.nextInt(50_000),
                    random.nextInt(5000));
            ModelSweep.Result r = ModelSweep.predict(graphs, live, edges, THREADS, costs, same(MemoryBandwidth.SERVER_DEFAULT));
            assertTrue(r.memoryFraction() >= 0 && r.memoryFraction() <= r.memoryFractionMax()
                    && r.memoryFractionMax() <= 1);
            for (int t : THREADS) {
                ModelSweep.Prediction p = r.at(t);
                assertTrue(p.speedupLow() > 0 && p.speedupLow() <= p.speedup() + 1e-9
                        && p.speedup() <= p.speedupHigh() + 1e-9, trial + " at " + t + ": " + p);
            }
            assertEquals(1, r.at(1).speedupLow(), 1e-12);
            assertEquals(1, r.at(1).speedupHigh(), 1e-12);
        }
    }

    @Test
    void perfectlyScalingBandwidthAddsNoWidthAndNoMemoryNoBestEstimateShift() {
        SplittableRandom random = new SplittableRandom(59);
        List<PacketGraph> graphs = List.of(randomClosure(random), randomClosure(random), randomClosure(random));
        double[] linear = new double[64];
        for (int k = 0; k < linear.length; k++) {
            linear[k] = (k + 1) * 1e9;
        }
        long[] edges = {20_000, 20_000, 20_000};
        ModelSweep.Result r = ModelSweep.predict(graphs, new long[] {1_000_000, 1_000_000, 1_000_000}, edges, THREADS,
                ModelCosts.FREE, same(new MemoryBandwidth(linear)));
        ModelSweep.Result none = ModelSweep.predict(graphs, new long[3], new long[3], THREADS, ModelCosts.FREE,
                same(MemoryBandwidth.saturating(1e9, 2e9, 64)));
        assertEquals(0, none.memoryFraction(), 1e-12);
        for (int t : THREADS) {
            assertEquals(r.at(t).speedupHigh(), r.at(t).speedupLow(), 1e-9);
            assertEquals(r.at(t).speedupHigh(), r.at(t).speedup(), 1e-9);
            assertEquals(none.at(t).speedupHigh(), none.at(t).speedup(), 1e-9, "no live bytes, no memory time");
            assertEquals(none.at(t).speedupHigh(), none.at(t).speedupLow(), 1e-9, "nothing traced, nothing to bound");
            assertEquals(r.at(t).speedupHigh(), none.at(t).speedupHigh(), 1e-9, "the high end ignores memory");
        }
    }

    /**
     * The low end's memory share is the most the recording allows: every live byte and a line per traced
     * edge at the one-thread bandwidth over the one-thread closure time, capped at 1 (the bandwidth-bound
     * end it replaced); with no edges it is the live bytes' share, the best estimate's.
     */
    @Test
    void theLowEndTakesTheLargestMemoryShareTheRecordingAllows() {
        SplittableRandom random = new SplittableRandom(61);
        List<PacketGraph> graphs = List.of(randomClosure(random), randomClosure(random), randomClosure(random));
        MemoryBandwidth b = MemoryBandwidth.saturating(1e9, 4e9, 64);
        long[] live = {2_000, 2_000, 2_000};
        ModelSweep.Result noEdges = ModelSweep.predict(graphs, live, new long[3], THREADS, ModelCosts.FREE, same(b));
        assertEquals(noEdges.memoryFraction(), noEdges.memoryFractionMax(), 1e-12);
        long[] edges = {1_000, 1_000, 1_000};
        ModelSweep.Result some = ModelSweep.predict(graphs, live, edges, THREADS, ModelCosts.FREE, same(b));
        assertTrue(some.memoryFractionMax() < 1);
        assertEquals((2_000 + 1_000.0 * MemoryBandwidth.LINE_BYTES) / 2_000,
                some.memoryFractionMax() / some.memoryFraction(), 1e-9, "bytes over live bytes, the same closure time");
        ModelSweep.Result bound = ModelSweep.predict(graphs, live, new long[] {1L << 40, 1L << 40, 1L << 40}, THREADS,
                ModelCosts.FREE, same(b));
        assertEquals(1, bound.memoryFractionMax(), 1e-12);
        for (int t : THREADS) {
            double contention = bound.at(t).speedupHigh() / bound.at(t).speedupLow();
            assertTrue(contention >= 1 - 1e-9, "at " + t);
            assertTrue(some.at(t).speedupLow() >= bound.at(t).speedupLow() - 1e-9, "a smaller share, a higher low end");
            assertTrue(some.at(t).speedupLow() <= some.at(t).speedup() + 1e-9);
        }
    }

    /**
     * The interval does not depend on how fast the recording machine is: the same closure recorded on a machine
     * three times slower in everything (its packets, its scheduling costs, its probe's one-thread rate) gives
     * the same shares and the same interval at every thread count, for one target host. Before the share was
     * taken in the recorder's units it divided bytes at the target's rate by the recorder's closure time, and
     * the slower recorder got a third of the share.
     */
    @Test
    void recordingsAtTwoMachineSpeedsGiveTheSameInterval() {
        MemoryBandwidth target = MemoryBandwidth.SERVER_DEFAULT;
        for (long seed = 67; seed < 77; seed++) {
            List<PacketGraph> fast = new ArrayList<>();
            List<PacketGraph> slow = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                fast.add(randomClosure(new SplittableRandom(seed * 31 + i), 1));
                slow.add(randomClosure(new SplittableRandom(seed * 31 + i), 3));
            }
            long[] live = {400_000, 500_000, 600_000};
            long[] edges = {4_000, 5_000, 6_000};
            ModelCosts costs = new ModelCosts(300, 4_000, 20_000, 1_000);
            ModelCosts slowCosts = new ModelCosts(900, 12_000, 60_000, 3_000);
            ModelSweep.Result a = ModelSweep.predict(fast, live, edges, THREADS, costs,
                    new ModelSweep.Memory(target, "server", 0.6e9, "fast recorder"));
            ModelSweep.Result b = ModelSweep.predict(slow, live, edges, THREADS, slowCosts,
                    new ModelSweep.Memory(target, "server", 0.2e9, "slow recorder"));
            assertEquals(a.memoryFraction(), b.memoryFraction(), 1e-9, "seed " + seed);
            assertEquals(a.memoryFractionMax(), b.memoryFractionMax(), 1e-9, "seed " + seed);
            assertTrue(a.memoryFraction() > 0 && a.memoryFractionMax() < 1, "seed " + seed + ": shares strictly inside");
            for (int t : THREADS) {
                ModelSweep.Prediction p = a.at(t);
                ModelSweep.Prediction q = b.at(t);
                assertEquals(p.speedupLow(), q.speedupLow(), 1e-9 * p.speedupLow(), "seed " + seed + " at " + t);
                assertEquals(p.speedup(), q.speedup(), 1e-9 * p.speedup(), "seed " + seed + " at " + t);
                assertEquals(p.speedupHigh(), q.speedupHigh(), 1e-9 * p.speedupHigh(), "seed " + seed + " at " + t);
                assertEquals(3 * p.closureMs(), q.closureMs(), 1e-9 * q.closureMs(), "seed " + seed + " at " + t);
            }
            assertTrue(a.at(16).speedupLow() < a.at(16).speedupHigh(), "seed " + seed + ": an interval with a width");
        }
    }
}
