package org.jmmtk.tools.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.tools.calibrate.HostCalibration;
import org.jmmtk.tools.command.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VirtualSchedulerTest {
    private static double speedup(PacketGraph g, int p, ModelCosts c) {
        return (double) VirtualScheduler.run(g, 1, c).totalNanos() / VirtualScheduler.run(g, p, c).totalNanos();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8, 64})
    void aChainDoesNotSpeedUp(int p) {
        PacketGraph chain = Graphs.chain(50, 1000);
        assertEquals(50_000, VirtualScheduler.run(chain, p, ModelCosts.FREE).totalNanos());
        assertEquals(1.0, speedup(chain, p, new ModelCosts(100, 2000, 300)), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7, 16, 64})
    void independentEqualPacketsTakeCeilNOverPRounds(int p) {
        for (int n : new int[] {1, 5, 16, 17, 40}) {
            long expected = (long) Math.ceil((double) n / p) * 1000;
            assertEquals(expected, VirtualScheduler.run(Graphs.independent(n, 1000), p, ModelCosts.FREE).totalNanos(),
                    n + " packets in the bucket on " + p + " workers");
            assertEquals(expected, VirtualScheduler.run(Graphs.fanOut(n, 1000), p, ModelCosts.FREE).totalNanos(),
                    n + " spawned packets (local queue, spill, stealing) on " + p + " workers");
            assertEquals((double) n / Math.ceil((double) n / p), speedup(Graphs.independent(n, 1000), p,
                    ModelCosts.FREE), 1e-12);
        }
    }

    @Test
    void stealsAndWakeUpsCostWhatTheyAreCalibratedAt() {
        // the root wakes worker 1 (arriving at 2000 ns); worker 0 runs the root, whose 3 children go to its
        // local queue, and then the first child; worker 1 checks under the monitor (100 ns: worker 0 runs),
        // sees two waiting, steals one (100 ns) and runs it from 2200 to 12,200; worker 0 runs the short one
        PacketGraph g = Graphs.rootAndLeaves(0, 10_000, 10_000, 1_000);
        VirtualScheduler.Result r = VirtualScheduler.run(g, 2, new ModelCosts(100, 2000, 0));
        assertEquals(12_200, r.totalNanos());
        assertEquals(1, r.steals());
        // with two children, worker 0 has taken one when worker 1 arrives: no surplus, so worker 1 parks again
        // (GCWorkScheduler.park's check) and worker 0 runs both
        VirtualScheduler.Result alone = VirtualScheduler.run(Graphs.rootAndLeaves(0, 10_000, 10_000), 2,
                new ModelCosts(100, 2000, 0));
        assertEquals(20_000, alone.totalNanos());
        assertEquals(0, alone.steals());
    }

    @Test
    void theClosureEndsWhenTheNextBucketOpens() {
        PacketGraph.Builder b = new PacketGraph.Builder();
        b.add("Mark", Graphs.CLOSURE, 4000, -1, -1);
        b.add("Mark", Graphs.CLOSURE, 4000, -1, -1);
        b.add("Sweep", Graphs.RELEASE, 1000, 0, 0);
        VirtualScheduler.Result r = VirtualScheduler.run(b.build(), 2, new ModelCosts(0, 0, 500));
        // Closure opens at 500, both marks run side by side, Release opens 500 ns after they end
        assertEquals(4500, r.closureNanos());
        assertEquals(500 + 4000 + 500 + 1000, r.totalNanos());
    }

    @Test
    void eachFurtherWorkerWokenAtABucketOpeningComesFanOutLater() {
        // 4 workers: Closure's bucket opens at 0 with 4 packets; worker 0 runs at once, the 3 parked ones are
        // woken at 1000, 1000 + 300, 1000 + 600
        VirtualScheduler.Result r = VirtualScheduler.run(Graphs.independent(4, 10_000), 4, new ModelCosts(0, 1000, 0, 300));
        assertEquals(1000 + 600 + 10_000, r.totalNanos());
        assertEquals(10_000 + 1000 + 600, r.closureNanos());
        VirtualScheduler.Result none = VirtualScheduler.run(Graphs.independent(4, 10_000), 4, new ModelCosts(0, 1000, 0));
        assertEquals(11_000, none.totalNanos());
    }

    /**
     * Two workers; a root of 10 us spawns three 5 us leaves at 0, 2 and 4 us. Worker 1, woken for the root at
     * 1 us, finds one leaf (no surplus) and parks; the second leaf makes surplus and wakes it (at 3 us it steals
     * the first leaf); the signal costs worker 0 500 ns inside the root, so the third spawn comes at 4.5 us and
     * the root ends at 10.5 us. Worker 1 steals the second leaf at 8 us; worker 0 runs the third from 10.5 to
     * 15.5 us: the collection ends the signal later than without it.
     */
    @Test
    void theWakerPaysTheSignalInsideItsPacket() throws java.io.IOException {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int root = b.add("Root", Graphs.UNCONSTRAINED, 10_000, -1, -1);
        for (long offset : new long[] {0, 2_000, 4_000}) {
            b.add("Leaf", Graphs.UNCONSTRAINED, 5_000, root, offset);
        }
        PacketGraph g = b.build();
        ModelCosts costs = fromHostFile(new ModelCosts(0, 1_000, 0, 0, 500));
        VirtualScheduler.Result r = VirtualScheduler.run(g, 2, costs);
        assertEquals(15_500, r.totalNanos());
        assertEquals(2, r.wakes());
        assertEquals(15_000, VirtualScheduler.run(g, 2, new ModelCosts(0, 1_000, 0, 0, 0)).totalNanos());
        assertEquals(25_000, VirtualScheduler.run(g, 1, costs).totalNanos(), "one worker wakes no one");
    }

    /**
     * Two workers, steal cost 1 us; a 10 us root spawns a 0.5 us leaf and a 20 us leaf at once. Worker 1, woken
     * at 0, checks under the monitor (worker 0 runs: 1 us), steals the short leaf (1 us: worker 0 runs), then the
     * long one (1 us): the long leaf runs from 3.5 to 23.5 us. Worker 0's failed sweep and check after the root
     * cost 2 us while worker 1 runs, but end before it does; worker 1's last sweep and check find no one running
     * and cost nothing. Without the cost: 20.5 us.
     */
    @Test
    void lookingAtARunningWorkersQueueCostsASteal() {
        PacketGraph g = Graphs.rootAndLeaves(10_000, 500, 20_000);
        VirtualScheduler.Result r = VirtualScheduler.run(g, 2, new ModelCosts(1_000, 0, 0, 0, 0));
        assertEquals(23_500, r.totalNanos());
        assertEquals(2, r.steals());
        assertEquals(20_500, VirtualScheduler.run(g, 2, ModelCosts.FREE).totalNanos());
    }

    /**
     * Three workers take the monitor one at a time (steal cost 1 us, wake-up 100 ns). A 1 us root spawns leaves of
     * 10, 10, 10 and 0.1 us at once; the root's bucket wakes worker 1 and the second leaf worker 2, both arriving
     * at 100 ns. Worker 1 checks from 100 to 1100 (worker 0 runs) and steals the second leaf, running it from 2100
     * (one running victim); worker 2's check waits for the monitor, 1100 to 2100, and it steals the third leaf
     * past two running workers, from 4100 to 14,100. Worker 0 runs the first and last leaves and checks from 13,100
     * to 14,100, worker 1 after it from 14,100 to 15,100; worker 2, done at 14,100 with no one running, waits
     * for the monitor until 15,100 and parks last.
     */
    @Test
    void checksAndSignalsTakeTheMonitorOneAtATime() {
        VirtualScheduler.Result r = VirtualScheduler.run(Graphs.rootAndLeaves(1_000, 10_000, 10_000, 10_000, 100), 3,
                new ModelCosts(1_000, 100, 0, 0, 0));
        assertEquals(15_100, r.totalNanos());
        assertEquals(2, r.steals());
        assertEquals(2, r.wakes());
    }

    /** {@code costs} written to a host calibration file and read back, as {@code sweep --model --host} reads them. */
    private static ModelCosts fromHostFile(ModelCosts costs) throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("jmmtk-costs");
        java.nio.file.Path file = dir.resolve("host.json");
        try {
            new HostCalibration(Version.NUMBER, 2, 1 << 20, new MemoryBandwidth(new double[] {1e9, 2e9}), costs)
                    .write(file);
            ModelCosts read = HostCalibration.read(file).costs();
            assertEquals(costs, read);
            return read;
        } finally {
            java.nio.file.Files.deleteIfExists(file);
            java.nio.file.Files.deleteIfExists(dir);
        }
    }

    @Test
    void aFullLocalQueueSpillsToTheBucket() {
        int n = GCWorker.LOCAL_QUEUE_CAPACITY + 4;
        assertEquals(1000L * n, VirtualScheduler.run(Graphs.fanOut(n, 1000), 1, ModelCosts.FREE).totalNanos());
    }

    @Test
    void predictionsNeverExceedWorkOverSpan() {
        SplittableRandom random = new SplittableRandom(18);
        for (int trial = 0; trial < 300; trial++) {
            PacketGraph g = randomGraph(random);
            WorkSpan ws = new WorkSpan(g);
            ModelCosts costs = trial % 2 == 0 ? ModelCosts.FREE
                    : new ModelCosts(random.nextInt(500), random.nextInt(5000), random.nextInt(5000),
                    random.nextInt(2000), random.nextInt(5000));
            for (int p : new int[] {2, 3, 8, 16, 64}) {
                double s = speedup(g, p, costs);
                assertTrue(s <= ws.parallelism() + 1e-9, "trial " + trial + ", " + p + " workers: speedup " + s
                        + " > work/span " + ws.parallelism());
                assertTrue(VirtualScheduler.run(g, p, ModelCosts.FREE).totalNanos() >= ws.span());
            }
        }
    }

    private static PacketGraph randomGraph(SplittableRandom random) {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int n = 1 + random.nextInt(200);
        int[] stages = {Graphs.UNCONSTRAINED, Graphs.CLOSURE, Graphs.RELEASE};
        for (int i = 0; i < n; i++) {
            int parent = i == 0 || random.nextInt(8) == 0 ? -1 : random.nextInt(i);
            long d = 1 + random.nextInt(random.nextInt(10) == 0 ? 1_000_000 : 10_000);
            long offset = random.nextBoolean() ? -1 : random.nextInt(20_000);
            b.add("T" + random.nextInt(3), stages[random.nextInt(stages.length)], d, parent, offset);
        }
        return b.build();
    }
}
