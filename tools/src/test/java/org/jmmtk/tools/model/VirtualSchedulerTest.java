package org.jmmtk.tools.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.jmmtk.scheduler.GCWorker;
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
        // the root wakes worker 1 (arriving at 2000 ns); worker 0 runs the root, whose 2 children go to its
        // local queue; worker 0 runs one, worker 1 steals the other (100 ns)
        PacketGraph.Builder b = new PacketGraph.Builder();
        int root = b.add("Root", Graphs.UNCONSTRAINED, 0, -1, -1);
        b.add("Leaf", Graphs.UNCONSTRAINED, 10_000, root, 0);
        b.add("Leaf", Graphs.UNCONSTRAINED, 10_000, root, 0);
        PacketGraph g = b.build();
        VirtualScheduler.Result r = VirtualScheduler.run(g, 2, new ModelCosts(100, 2000, 0));
        assertEquals(12_100, r.totalNanos());
        assertEquals(1, r.steals());
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
                    : new ModelCosts(random.nextInt(500), random.nextInt(5000), random.nextInt(5000));
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
