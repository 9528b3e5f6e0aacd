package org.jmmtk.bindings.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.RecordingEvents;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code random} workload: deterministic for a seed, a valid trace (every reference it stores is to
 * an object reachable at that moment, or to the object just allocated), two threads, a live size that
 * rises to 10-20 KB and falls again at scale 1, and it replays on every plan.
 */
class RandomWorkloadTest {
    private static java.util.List<String> events(long seed, double scale) {
        RecordingEvents out = new RecordingEvents();
        new Random(seed, scale).replay(out);
        return out.events();
    }

    @Test
    void sameSeedSameTraceOtherSeedOtherTrace() {
        assertEquals(events(7, 0.2), events(7, 0.2));
        assertNotEquals(events(7, 0.2), events(8, 0.2));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void storesOnlyReachableObjects(long seed) {
        Checker checker = new Checker();
        new Random(seed, 0.1).replay(checker);
        assertEquals(3000, checker.allocations);
        assertTrue(checker.stores > 3000, "stores: " + checker.stores);
    }

    @Test
    void liveSizeRisesAndFallsOnTwoThreads() {
        Checker checker = new Checker();
        checker.measure = true;
        new Random(42, 1).replay(checker);
        assertEquals(30_000, checker.allocations);
        assertEquals(2, checker.threads.size());
        assertTrue(checker.maxLive >= 10_000 && checker.maxLive <= 20_000, "max live " + checker.maxLive);
        assertTrue(checker.fallsBelowHalfOfMax, "the live size falls below half its maximum after reaching it");
    }

    static java.util.stream.Stream<String> plans() {
        return Plans.REGISTRY.all().stream().map(Plans.Entry::name);
    }

    @ParameterizedTest
    @MethodSource("plans")
    void replaysOnEveryPlanInABigHeap(String plan) throws IOException {
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        ShadowHeap shadow = new ShadowHeap();
        new Random(3, 0.5).replay(shadow);
        Options options = new Options().heapBytes(64L << 20).threads(2).sanity(true);
        RunResult r = Simulation.run(p, options, new Random(3, 0.5));
        assertNull(r.outOfMemory());
        assertEquals(15_000, r.objectsAllocated());
        assertEquals(shadow.reachable().bytes(), r.finalLiveBytes());
        assertEquals(shadow.reachable().objects(), r.finalLiveObjects());
    }

    /** Checks every store against a walk of the shadow heap; optionally measures the live size at each allocation. */
    private static final class Checker extends IgnoringEvents {
        final ShadowHeap heap = new ShadowHeap();
        final LongOpenHashSet threads = new LongOpenHashSet();
        boolean measure;
        long maxLive;
        boolean fallsBelowHalfOfMax;
        int allocations;
        int stores;
        long lastAllocated;

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            if (measure) {
                long live = heap.reachable().bytes();
                fallsBelowHalfOfMax |= live < maxLive / 2;
                maxLive = Math.max(maxLive, live + bytes);
            }
            threads.add(thread);
            heap.alloc(thread, object, bytes, refSlots, typeId);
            allocations++;
            lastAllocated = object;
        }

        private void check(long source, long target) {
            LongOpenHashSet reachable = heap.reachable().ids();
            for (long o : new long[] {source, target}) {
                assertTrue(o == 0 || o == lastAllocated || reachable.contains(o), "object " + o + " is unreachable");
            }
            stores++;
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            if (!measure) {
                check(source, target);
            }
            heap.write(thread, source, slot, target);
        }

        @Override
        public void root(int thread, int rootSlot, long target) {
            if (!measure) {
                check(0, target);
            }
            heap.root(thread, rootSlot, target);
        }

        @Override
        public void global(int rootSlot, long target) {
            if (!measure) {
                check(0, target);
            }
            heap.global(rootSlot, target);
        }
    }
}
