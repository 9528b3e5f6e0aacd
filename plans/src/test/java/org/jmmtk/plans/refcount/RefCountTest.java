package org.jmmtk.plans.refcount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.sanity.SanityFailure;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Runs;
import org.jmmtk.plans.generational.Gen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Deferred reference counting: on random workloads, with the sanity checker and its reference-count
 * check after every collection, refcount ends with semispace's live set and the same logical results
 * for 1 and 2 GC threads; the count check is not vacuous; acyclic garbage is reclaimed with no tracing
 * collection at all (and its memory reused), garbage cycles only by the cycle collector; the barrier
 * counts exactly its count operations.
 */
class RefCountTest {
    private static final long RC_FREED = 0;
    private static final long CYCLE_FREED = 1;

    private static Workload random(long seed) {
        return Workloads.REGISTRY.find("random").orElseThrow().factory().create(seed, 1);
    }

    @ParameterizedTest(name = "seed {0} at {1}x")
    @CsvSource({"1, 1.6", "2, 1.6", "3, 1.6", "4, 3", "5, 3"})
    void keepsSemispacesLiveSetForAnyThreadCount(long seed, double factor) throws Exception {
        long heap = Math.round(factor * MaxLive.of(random(seed)).bytes());
        RunResult semispace = Runs.run("semispace", random(seed), 4 * heap, 1, (mmtk, binding) -> { });
        RunResult one = Runs.run("refcount", random(seed), heap, 1, (mmtk, binding) -> { });
        RunResult two = Runs.run("refcount", random(seed), heap, 2, (mmtk, binding) -> { });
        assertNull(one.outOfMemory(), one.outOfMemory());
        assertEquals(semispace.finalLiveObjects(), one.finalLiveObjects());
        assertEquals(semispace.finalLiveBytes(), one.finalLiveBytes());
        assertEquals(LogicalResult.of(one), LogicalResult.of(two));
        assertTrue(one.gcCount(RefCount.RC) > 0, "RC collections ran");
        assertTrue(freed(one, RC_FREED) > 0, "RC freed objects");
        assertEquals(0, one.gcCount(Gen.NURSERY));
        assertEquals(0, one.bytesCopied());
    }

    /** Sum of the objects freed by RC collections ({@link #RC_FREED}) or by cycle collections. */
    private static long freed(RunResult r, long which) {
        long n = 0;
        for (GcRecord c : r.collections()) {
            long rc = c.planStats().get("objectsFreedByRc");
            long cycles = c.planStats().get("objectsFreedByCycleCollector");
            if (c.kind().equals(RefCount.RC.label)) {
                assertEquals(0, cycles, "an RC collection traces nothing");
            } else {
                assertEquals(0, rc, "a cycle collection frees by sweeping");
            }
            n += which == RC_FREED ? rc : cycles;
        }
        return n;
    }

    /**
     * Two rooted objects, the first pointing to the second through the barrier; then the program keeps
     * allocating short-lived objects so collections run.
     */
    private static final class TwoRooted extends Workload {
        TwoRooted() {
            super(1, 1);
        }

        @Override
        public String name() {
            return "two-rooted";
        }

        @Override
        protected long plannedBytes() {
            return 20_000 * 48L;
        }

        @Override
        protected void run() {
            long a = alloc(0, objectBytes(2, 0), 2, 0);
            root(0, 0, a);
            long b = alloc(0, objectBytes(0, 16), 0, 0);
            root(0, 1, b);
            write(0, a, 0, b);
            for (int i = 0; i < 20_000; i++) {
                root(0, 2, alloc(0, objectBytes(1, 16), 1, 0));
            }
        }
    }

    @Test
    void countCheckFiresOnAStoreThatBypassedTheBarrier() throws Exception {
        RunResult clean = Runs.run("refcount", new TwoRooted(), 64L << 10, 1, (mmtk, binding) -> { });
        assertNull(clean.outOfMemory());
        assertTrue(clean.gcCount() >= 2, "the clean run collects more than once");
        RuntimeException e = assertThrows(RuntimeException.class, () -> Runs.run("refcount", new TwoRooted(),
                64L << 10, 1,
                (mmtk, binding) -> mmtk.addListener(record -> {
                    if (record.gc() == 1) {
                        // a second reference to object 2, stored without the barrier: its count is now one short
                        long a = binding.addressOf(1);
                        mmtk.memory().store(ObjectModel.slotAddress(a, 1), binding.addressOf(2));
                    }
                })));
        SanityFailure failure = null;
        for (Throwable t = e; t != null && failure == null; t = t.getCause()) {
            failure = t instanceof SanityFailure s ? s : null;
        }
        assertNotNull(failure, "no sanity failure: " + e);
        assertTrue(failure.getMessage().contains("reference count 1 but 2 heap references"), failure.getMessage());
    }

    /**
     * Acyclic short-lived garbage: short chains replaced all the time, and now and then a list of
     * 100,000 nodes (deep enough to risk a GC thread's Java stack if freed recursively) built and dropped,
     * beside a small long-lived rooted structure.
     */
    private static final class AcyclicGarbage extends Workload {
        static final int ROUNDS = 30_000;
        static final int LONG_LIST = 100_000;

        AcyclicGarbage() {
            super(7, 1);
        }

        @Override
        public String name() {
            return "acyclic-garbage";
        }

        @Override
        protected long plannedBytes() {
            return ROUNDS * 4 * objectBytes(1, 24) + 3L * LONG_LIST * objectBytes(1, 0);
        }

        @Override
        protected void run() {
            long keep = alloc(0, objectBytes(4, 0), 4, 0);
            global(0, keep);
            for (int round = 0; round < ROUNDS; round++) {
                long head = 0;
                for (int i = 0; i < 4; i++) {
                    long node = alloc(0, objectBytes(1, 8 + random.nextInt(24)), 1, 0);
                    root(0, 0, node);
                    write(0, node, 0, head);
                    head = node;
                }
                write(0, keep, round % 4, head);
                if (round % 10_000 == 5_000) {
                    longList();
                }
            }
        }

        private void longList() {
            long head = 0;
            for (int i = 0; i < LONG_LIST; i++) {
                long node = alloc(0, objectBytes(1, 0), 1, 0);
                write(0, node, 0, head);
                root(0, 1, node);
                head = node;
            }
            root(0, 1, 0);
        }
    }

    @Test
    void reclaimsAcyclicGarbageWithoutTracing() throws Exception {
        long heap = 4L << 20;
        RunResult semispace = Runs.run("semispace", new AcyclicGarbage(), 4 * heap, 1, (mmtk, binding) -> { });
        for (int threads = 1; threads <= 2; threads++) {
            RunResult r = Runs.run("refcount", new AcyclicGarbage(), heap, threads, (mmtk, binding) -> { });
            assertNull(r.outOfMemory(), r.outOfMemory());
            assertEquals(semispace.finalLiveObjects(), r.finalLiveObjects());
            assertEquals(0, r.gcCount(CollectionKind.FULL), "no cycle collection before the final one");
            assertTrue(r.gcCount(RefCount.RC) > 0, "RC collections ran");
            assertEquals(0, r.bytesMarked(), "nothing traced");
            assertTrue(r.bytesAllocated() > 2 * heap, "memory was reused: " + r.bytesAllocated());
            long allocated = r.objectsAllocated();
            assertTrue(freed(r, RC_FREED) > allocated / 2, "RC freed " + freed(r, RC_FREED) + " of " + allocated);
        }
    }

    /** Garbage cycles only: rings of three objects, rooted while built, then dropped; one live ring stays. */
    private static final class GarbageCycles extends Workload {
        static final int RINGS = 8_000;

        GarbageCycles() {
            super(11, 1);
        }

        @Override
        public String name() {
            return "garbage-cycles";
        }

        @Override
        protected long plannedBytes() {
            return RINGS * 3L * objectBytes(1, 16);
        }

        @Override
        protected void run() {
            for (int ring = 0; ring < RINGS; ring++) {
                long a = alloc(0, objectBytes(1, 16), 1, 0);
                root(0, 0, a);
                long b = alloc(0, objectBytes(1, 16), 1, 0);
                root(0, 1, b);
                long c = alloc(0, objectBytes(1, 16), 1, 0);
                root(0, 2, c);
                write(0, a, 0, b);
                write(0, b, 0, c);
                write(0, c, 0, a);
                root(0, 1, 0);
                root(0, 2, 0);
                if (ring == RINGS / 2) {
                    global(0, a);
                }
            }
            root(0, 0, 0);
        }
    }

    @Test
    void reclaimsGarbageCyclesOnlyByTheCycleCollector() throws Exception {
        long heap = 128L << 10;
        RunResult r = Runs.run("refcount", new GarbageCycles(), heap, 2, (mmtk, binding) -> { });
        assertNull(r.outOfMemory(), r.outOfMemory());
        assertEquals(3, r.finalLiveObjects());
        assertTrue(r.gcCount(RefCount.RC) > 0 && r.gcCount(CollectionKind.FULL) > 0, "both kinds ran");
        assertEquals(0, freed(r, RC_FREED), "RC freed part of a garbage cycle");
        assertTrue(freed(r, CYCLE_FREED) > GarbageCycles.RINGS, "the cycle collector freed the rings");
        assertTrue(r.bytesAllocated() > 4 * heap);
        // three increments per ring, nothing ever overwritten
        assertEquals(3L * GarbageCycles.RINGS, r.barrierStores());
    }
}
