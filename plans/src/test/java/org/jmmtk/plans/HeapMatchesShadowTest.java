package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jmmtk.bindings.replay.HeapGraph;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.plan.CollectionKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * After every collection of every plan on every workload, the simulated heap's reachable graph (read
 * back as ids) equals the shadow heap's, edge for edge; after a full collection the replay's id table
 * holds exactly the reachable objects; and the run's final live set equals the shadow's. The sanity
 * checker also runs after every collection.
 */
class HeapMatchesShadowTest {
    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Plans.Entry p : Plans.REGISTRY.all()) {
            for (Workloads.Entry w : Workloads.REGISTRY.all()) {
                list.add(Arguments.of(p.name(), w.name()));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void heapEqualsShadowAfterEveryCollection(String plan, String workload) throws Exception {
        ShadowHeap shadow = new ShadowHeap();
        Workload w = Runs.workload(workload);
        TraceSource teed = Runs.teed(w, shadow);
        int[] checked = new int[1];
        long heap = plan.equals("nogc") ? 256L << 20 : Runs.heapFor(workload);
        RunResult r = Runs.run(plan, teed, heap, 2, (mmtk, binding) -> mmtk.addListener(gc -> {
            Long2ObjectOpenHashMap<long[]> graph = HeapGraph.read(mmtk);
            ShadowHeap.Reachable expected = shadow.reachable();
            assertEquals(expected.ids(), graph.keySet(), "reachable ids after GC " + gc.gc());
            for (Long2ObjectOpenHashMap.Entry<long[]> e : graph.long2ObjectEntrySet()) {
                assertArrayEquals(shadow.slotsOf(e.getLongKey()), e.getValue(),
                        "slots of object " + e.getLongKey() + " after GC " + gc.gc());
            }
            // a nursery (window) collection keeps dead objects outside it, and what dead remembered objects
            // reach; an RC collection keeps cyclic garbage and what it reaches
            if (plan.equals("nogc") || !gc.kind().equals(CollectionKind.FULL.label)) {
                assertTrue(binding.tableSet().objects() >= expected.objects(), "id table after GC " + gc.gc());
            } else {
                assertEquals(expected.objects(), binding.tableSet().objects(), "id table after GC " + gc.gc());
            }
            checked[0]++;
        }));
        assertNull(r.outOfMemory(), r.outOfMemory());
        ShadowHeap.Reachable end = shadow.reachable();
        assertEquals(end.objects(), r.finalLiveObjects());
        assertEquals(end.bytes(), r.finalLiveBytes());
        assertEquals(r.gcCount() + 1, checked[0], "every collection (and the final one) was checked");
        if (!plan.equals("nogc")) {
            assertTrue(r.gcCount() > 0, "the heap is small enough that the program collects");
        }
    }
}
