package org.jmmtk.plans.olderfirst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.NoBarrier;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Runs;
import org.jmmtk.plans.generational.Gen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Older-First on random traces, with the sanity checker (and its remembered-set check at every window
 * collection) after every collection: it ends with semispace's live set and the same logical results
 * for 1 and 2 GC threads, with default and small windows and in tight heaps where full collections
 * come in; its window moves and resets; its barrier remembers stores, and the check is not vacuous
 * (without the barrier it fails). On a first-in, first-out queue it copies less than semispace.
 */
class OlderFirstTest {
    private static Workload random(long seed) {
        return Workloads.REGISTRY.find("random").orElseThrow().factory().create(seed, 1);
    }

    private static RunResult run(PlanProvider plan, Workload workload, long heap, long window, int threads)
            throws Exception {
        Options options = new Options().heapBytes(heap).threads(threads).sanity(true);
        if (window > 0) {
            options.planOption(OlderFirst.WINDOW_BYTES, window);
        }
        return Simulation.run(plan, options, workload);
    }

    /** heap factor over the maximum live size, window as a fraction of the heap (0: the default). */
    @ParameterizedTest(name = "seed {0}, heap {1}x, window {2}")
    @CsvSource({"1, 2.5, 0", "2, 2.5, 0", "3, 2.5, 0", "1, 2.5, 0.1", "2, 1.5, 0.5", "3, 1.3, 0.25"})
    void keepsSemispacesLiveSetForAnyThreadCount(long seed, double factor, double window) throws Exception {
        long heap = Math.round(factor * MaxLive.of(random(seed)).bytes());
        long windowBytes = Math.round(window * heap);
        RunResult semispace = Runs.run("semispace", random(seed), 3 * heap, 1, (mmtk, binding) -> { });
        RunResult one = run(new OlderFirstProvider(), random(seed), heap, windowBytes, 1);
        RunResult two = run(new OlderFirstProvider(), random(seed), heap, windowBytes, 2);
        assertNull(one.outOfMemory(), one.outOfMemory());
        assertEquals(semispace.finalLiveObjects(), one.finalLiveObjects());
        assertEquals(semispace.finalLiveBytes(), one.finalLiveBytes());
        assertEquals(LogicalResult.of(one), LogicalResult.of(two));
        assertTrue(one.gcCount(OlderFirst.WINDOW) > 0, "window collections ran");
        assertEquals(0, one.gcCount(Gen.NURSERY));
        assertTrue(one.barrierStores() > 0, "the barrier remembered stores");
        boolean moved = false;
        boolean reset = false;
        for (GcRecord c : one.collections()) {
            Map<String, Long> s = c.planStats();
            assertTrue(c.bytesCopied() <= s.get("windowSurvivorBytes"), "only window survivors move");
            if (c.kind().equals(OlderFirst.WINDOW.label)) {
                moved |= s.get("windowStart") > 0;
                reset |= moved && s.get("windowStart") == 0;
            } else {
                assertEquals(0, s.get("windowStart").longValue(), "a full collection's window is the whole heap");
            }
        }
        if (window <= 0.25) {
            assertTrue(moved && reset, "the window moved toward the young end and back to the oldest");
        }
    }

    @Test
    void fullCollectionsComeInWhenWindowsFreeTooLittle() throws Exception {
        long heap = Math.round(1.2 * MaxLive.of(random(2)).bytes());
        RunResult r = run(new OlderFirstProvider(), random(2), heap, heap / 2, 1);
        assertNull(r.outOfMemory(), r.outOfMemory());
        assertTrue(r.gcCount(CollectionKind.FULL) > 0 && r.gcCount(OlderFirst.WINDOW) > 0,
                r.gcCount(CollectionKind.FULL) + " full, " + r.gcCount(OlderFirst.WINDOW) + " window");
    }

    /** Without the barrier, a window pointer is missed: the remembered-set check must say so. */
    @Test
    void rememberedSetCheckFiresWithoutTheBarrier() throws Exception {
        PlanProvider noBarrier = new PlanProvider() {
            @Override
            public String name() {
                return "olderfirst-without-barrier";
            }

            @Override
            public String description() {
                return "Older-First without its write barrier";
            }

            @Override
            public PlanFactory factory() {
                return args -> new OlderFirst(args) {
                    @Override
                    protected Barrier createBarrier(int ordinal) {
                        return new NoBarrier(memory);
                    }
                };
            }
        };
        long heap = Math.round(2.5 * MaxLive.of(random(1)).bytes());
        Throwable failure = assertThrows(Throwable.class, () -> run(noBarrier, random(1), heap, 0, 1));
        String message = String.valueOf(failure.getMessage()) + " " + failure.getCause();
        assertTrue(message.contains("no remembered set holds it"), message);
    }

    private static Workload queue() {
        return Workloads.REGISTRY.find("queue").orElseThrow().factory().create(Workloads.DEFAULT_SEED, 0.05);
    }

    @Test
    void copiesLessThanSemispaceOnAQueue() throws Exception {
        long heap = Math.round(3.0 * MaxLive.of(queue()).bytes());
        RunResult semispace = Runs.run("semispace", queue(), heap, 2, (mmtk, binding) -> { });
        RunResult of = Runs.run("olderfirst", queue(), heap, 2, (mmtk, binding) -> { });
        assertEquals(semispace.finalLiveObjects(), of.finalLiveObjects());
        assertTrue(semispace.bytesCopied() > 0 && of.gcCount(OlderFirst.WINDOW) > 0);
        assertTrue(of.bytesCopied() < 0.5 * semispace.bytesCopied(),
                "olderfirst copied " + of.bytesCopied() + ", semispace " + semispace.bytesCopied());
    }
}
