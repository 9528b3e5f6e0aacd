package org.jmmtk.plans.markcompact;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;
import org.jmmtk.plans.Runs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Mark-compact keeps its survivors in allocation order: on single-threaded workloads (where ids are
 * given in allocation order and one bump allocator fills the space in that order), after every
 * collection the objects of the mark-compact space, walked by address, have increasing ids and leave
 * no gap between them.
 */
class MarkCompactOrderTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"binarytrees", "linkedlist", "widetree", "phases"})
    void survivorsStayInAllocationOrderWithNoGap(String workload) throws Exception {
        int[] checked = new int[1];
        RunResult r = Runs.run("markcompact", Runs.workload(workload), Runs.heapFor(workload), 2, (mmtk, binding) ->
                mmtk.addListener(gc -> {
                    SimulatedMemory m = mmtk.memory();
                    SideBitmap valid = mmtk.plan().heap().validObjects();
                    Space mc = mmtk.spaces().all().stream().filter(s -> s.name().equals("mc")).findFirst().orElseThrow();
                    long previousId = 0;
                    long expectedAddress = -1;
                    for (long o = valid.next(mc.start(), mc.end()); o >= 0; o = valid.next(o + 8, mc.end())) {
                        long id = ObjectModel.id(m, o);
                        assertTrue(id > previousId, "GC " + gc.gc() + ": object " + id + " after " + previousId);
                        assertTrue(expectedAddress < 0 || o == expectedAddress, "GC " + gc.gc() + ": a gap before " + id);
                        previousId = id;
                        expectedAddress = o + ObjectModel.size(m, o);
                    }
                    checked[0]++;
                }));
        assertNull(r.outOfMemory(), r.outOfMemory());
        assertTrue(checked[0] > 0);
    }
}
