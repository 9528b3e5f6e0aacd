package org.jmmtk.plans.immix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Map;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Runs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Immix's defragmentation on random multi-threaded programs in heaps of 3.3 times their maximum live
 * size (immix's smallest heaps for these seeds are 2.73-2.91 times: at 15 KB live, realistic Immix
 * blocks of 32 64-byte lines are a tenth of the heap; docs/design.md, "Heap geometry"), where most
 * collections defragment: with the sanity checker after every collection, the heap
 * after every collection and every logical count are the same for 1, 2 and 3 GC threads, objects are
 * really evacuated, and the final live set is the shadow heap's and semispace's.
 */
class ImmixDefragTest {
    private static Workload random(long seed) {
        return Workloads.REGISTRY.find("random").orElseThrow().factory().create(seed, 1);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void defragmentationIsThreadCountInvariantAndKeepsTheLiveSet(long seed) throws Exception {
        long heap = Math.round(3.3 * MaxLive.of(random(seed)).bytes());
        String expected = null;
        RunResult first = null;
        for (int threads = 1; threads <= 3; threads++) {
            ShadowHeap shadow = new ShadowHeap();
            RunResult r = Runs.run("immix", Runs.teed(random(seed), shadow), heap, threads, (mmtk, binding) -> { });
            assertNull(r.outOfMemory(), r.outOfMemory());
            LongOpenHashSet live = shadow.reachable().ids();
            assertEquals(live.size(), r.finalLiveObjects().longValue());
            String actual = LogicalResult.of(r);
            if (expected == null) {
                expected = actual;
                first = r;
            } else {
                assertEquals(expected, actual, threads + " threads differ from 1 thread");
            }
        }
        long evacuated = 0;
        int defragmenting = 0;
        for (GcRecord c : first.collections()) {
            Map<String, Long> s = c.planStats();
            evacuated += s.get("objectsEvacuated");
            defragmenting += s.get("defragSourceBlocks") > 0 ? 1 : 0;
            assertEquals(s.get("objectsEvacuated").longValue(), c.objectsCopied(), "evacuated objects count as copied");
        }
        assertTrue(evacuated > 0 && defragmenting > 0, "the heap is tight enough to defragment");
        RunResult semispace = Runs.run("semispace", random(seed), 4 * heap, 1, (mmtk, binding) -> { });
        assertEquals(semispace.finalLiveObjects(), first.finalLiveObjects());
        assertEquals(semispace.finalLiveBytes(), first.finalLiveBytes());
    }
}
