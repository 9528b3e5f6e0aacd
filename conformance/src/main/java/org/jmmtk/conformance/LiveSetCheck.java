package org.jmmtk.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.IOException;
import org.jmmtk.bindings.replay.HeapGraph;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.trace.TeedSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.PlanProvider;

/**
 * Replays a program with the heap sanity checker after every collection, and after every collection
 * (the final one included) compares the reachable heap, read back as ids and slots by its own walk,
 * with an independent shadow of the program's object graph: same objects, same references. At the end
 * the run's live set (objects and bytes) must equal the shadow's. Runs on the calling thread and the
 * plan's GC workers.
 */
final class LiveSetCheck {
    private LiveSetCheck() {
    }

    static void run(PlanProvider plan, TestProgram program, long heap, int gcThreads)
            throws IOException {
        ShadowHeap shadow = new ShadowHeap();
        int[] checked = new int[1];
        Options options = new Options().heapBytes(heap).threads(gcThreads).sanity(true);
        RunResult r = Simulation.run(plan, options, new TeedSource(program.source(), shadow),
                (mmtk, binding) -> mmtk.addListener(gc -> {
                    Long2ObjectOpenHashMap<long[]> graph = HeapGraph.read(mmtk);
                    ShadowHeap.Reachable expected = shadow.reachable();
                    String when = program + ", after GC " + gc.gc() + ": ";
                    assertEquals(expected.ids(), graph.keySet(), when + "the reachable objects differ");
                    for (Long2ObjectOpenHashMap.Entry<long[]> e : graph.long2ObjectEntrySet()) {
                        assertArrayEquals(shadow.slotsOf(e.getLongKey()), e.getValue(),
                                when + "the references of object " + e.getLongKey() + " differ");
                    }
                    checked[0]++;
                }));
        assertNull(r.outOfMemory(), program + " in a heap of " + heap + " bytes: " + r.outOfMemory());
        ShadowHeap.Reachable end = shadow.reachable();
        assertEquals(end.objects(), r.finalLiveObjects(), program + ": final live objects");
        assertEquals(end.bytes(), r.finalLiveBytes(), program + ": final live bytes");
        assertEquals(r.gcCount() + 1, checked[0], program + ": every collection and the final one were checked");
        assertTrue(r.gcCount() > 0 || heap >= r.bytesAllocated(),
                program + ": a heap of " + heap + " bytes is smaller than the program, yet it never collected");
    }
}
