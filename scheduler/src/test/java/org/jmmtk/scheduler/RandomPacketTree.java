package org.jmmtk.scheduler;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A random collection for scheduler tests: packets spread over all stages that spawn children in
 * their own or later stages, designated packets, and sentinels (set by the first packet, sometimes
 * re-armed by themselves) that add more work when their bucket drains. Every packet checks, when it runs, that all packets of earlier stages have finished; the
 * test checks afterwards that every created packet ran exactly once.
 */
final class RandomPacketTree<C> {
    final AtomicLongArray created = new AtomicLongArray(Stage.ALL.length);
    final AtomicLongArray executed = new AtomicLongArray(Stage.ALL.length);
    final AtomicLong designatedRun = new AtomicLong();
    final AtomicLong designatedCreated = new AtomicLong();
    final AtomicLong sentinelsRun = new AtomicLong();
    final AtomicReference<String> violation = new AtomicReference<>();
    private final long seed;
    private final int maxDepth;

    RandomPacketTree(long seed, int maxDepth) {
        this.seed = seed;
        this.maxDepth = maxDepth;
    }

    /** The first packet of the collection (Unconstrained). */
    WorkPacket<C> root() {
        return new Node(Stage.UNCONSTRAINED, 0, seed);
    }

    long totalCreated() {
        long n = 0;
        for (int i = 0; i < created.length(); i++) {
            n += created.get(i);
        }
        return n;
    }

    long totalExecuted() {
        long n = 0;
        for (int i = 0; i < executed.length(); i++) {
            n += executed.get(i);
        }
        return n;
    }

    private void checkOrder(Stage stage) {
        for (int s = 0; s < stage.ordinal(); s++) {
            if (executed.get(s) != created.get(s)) {
                violation.compareAndSet(null, "a " + stage + " packet ran while stage " + Stage.ALL[s]
                        + " had " + (created.get(s) - executed.get(s)) + " packets outstanding");
            }
        }
    }

    private void add(GCWorker<C> worker, Stage stage, WorkPacket<C> p) {
        created.incrementAndGet(stage.ordinal());
        worker.addWork(stage, p);
    }

    private final class Node extends WorkPacket<C> {
        private final Stage myStage;
        private final int depth;
        private final long nodeSeed;

        Node(Stage stage, int depth, long nodeSeed) {
            this.myStage = stage;
            this.depth = depth;
            this.nodeSeed = nodeSeed;
            if (stage == Stage.UNCONSTRAINED && depth == 0) {
                created.incrementAndGet(0);
            }
        }

        @Override
        public void execute(GCWorker<C> worker) {
            if (stage() != myStage) {
                violation.compareAndSet(null, "packet stamped with stage " + stage() + ", expected " + myStage);
            }
            checkOrder(myStage);
            SplittableRandom r = new SplittableRandom(nodeSeed);
            if (depth < maxDepth) {
                int children = r.nextInt(depth == 0 ? 8 : 5);
                for (int i = 0; i < children; i++) {
                    int later = myStage.ordinal() + (r.nextInt(4) == 0 ? r.nextInt(Stage.ALL.length - myStage.ordinal()) : 0);
                    Stage s = Stage.ALL[Math.max(later, 1)];
                    add(worker, s, new Node(s, depth + 1, r.nextLong()));
                }
                if (r.nextInt(16) == 0) {
                    int target = r.nextInt(worker.scheduler().workerCount());
                    designatedCreated.incrementAndGet();
                    worker.addDesignated(target, new Designated(target));
                }
            }
            if (myStage == Stage.UNCONSTRAINED) {
                for (int s = 1; s < Stage.ALL.length; s++) {
                    if (r.nextInt(3) == 0) {
                        created.incrementAndGet(s);
                        worker.setSentinel(Stage.ALL[s], new Sentinel(Stage.ALL[s], r.nextLong(), true));
                    }
                }
            }
            executed.incrementAndGet(myStage.ordinal());
        }
    }

    private final class Designated extends WorkPacket<C> {
        private final int target;

        Designated(int target) {
            this.target = target;
        }

        @Override
        public void execute(GCWorker<C> worker) {
            if (worker.ordinal() != target) {
                violation.compareAndSet(null, "designated packet for worker " + target + " ran on " + worker.ordinal());
            }
            designatedRun.incrementAndGet();
        }
    }

    private final class Sentinel extends WorkPacket<C> {
        private final Stage myStage;
        private final long sentinelSeed;
        private final boolean rearm;

        Sentinel(Stage stage, long sentinelSeed, boolean rearm) {
            this.myStage = stage;
            this.sentinelSeed = sentinelSeed;
            this.rearm = rearm;
        }

        @Override
        public void execute(GCWorker<C> worker) {
            checkOrder(myStage);
            sentinelsRun.incrementAndGet();
            SplittableRandom r = new SplittableRandom(sentinelSeed);
            for (int i = 0, n = r.nextInt(4); i < n; i++) {
                add(worker, myStage, new Node(myStage, maxDepth - 1, r.nextLong()));
            }
            if (rearm && r.nextBoolean()) {
                created.incrementAndGet(myStage.ordinal());
                worker.setSentinel(myStage, new Sentinel(myStage, r.nextLong(), false));
            }
            executed.incrementAndGet(myStage.ordinal());
        }
    }
}
