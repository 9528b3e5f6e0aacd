package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;

/**
 * The ways an object becomes unreachable (the paper's Table V) and the corners of the definition, on
 * small traces whose deaths are worked out by hand: each method, on every plan, with collections
 * requested in awkward places. Death points count allocations: {@code 3} means "immediately before the
 * fourth allocation".
 */
class MerlinScenariosTest {
    /** The oracle, brute force, and Merlin on every plan through {@code lifetimes} and as a plugin of a plain run. */
    private static void assertDeaths(Map<Long, Long> expected, ScriptedTrace trace) throws IOException {
        assertDeaths(expected, trace, true);
    }

    private static void assertDeaths(Map<Long, Long> expected, ScriptedTrace trace, boolean plugin) throws IOException {
        TreeMap<Long, Long> want = new TreeMap<>(expected);
        assertEquals(want, Deaths.oracle(trace), "oracle");
        assertEquals(want, Deaths.bruteForce(trace), "brute force");
        for (Plans.Entry plan : Plans.REGISTRY.all()) {
            assertEquals(want, Deaths.merlin(plan.name(), trace, 2, false), plan.name());
            if (plugin) {
                assertEquals(want, Deaths.merlin(plan.name(), trace, 2, true), plan.name() + " (plugin)");
            }
        }
    }

    @Test
    void lastReferenceRemovedOrNeverStored() throws IOException {
        ScriptedTrace t = new ScriptedTrace("table V (1)");
        t.alloc(0, 1, 32, 1, 0);
        t.root(0, 0, 1);
        t.alloc(0, 2, 32, 1, 0);
        t.write(0, 1, 0, 2);
        t.alloc(0, 3, 32, 0, 0);   // never stored
        t.write(0, 1, 0, 0);       // 2 loses its only reference
        t.collect();
        t.alloc(0, 4, 32, 0, 0);
        t.root(0, 0, 0);
        t.alloc(0, 5, 32, 0, 0);   // never stored: dies at the end
        assertDeaths(Map.of(2L, 3L, 3L, 3L, 1L, 4L, 4L, 4L, 5L, 5L), t);
    }

    @Test
    void referrersDieFirstChainsAndCyclesDieTogetherAcrossThreads() throws IOException {
        ScriptedTrace t = new ScriptedTrace("table V (2), (3)");
        t.alloc(0, 1, 32, 2, 0);
        t.root(0, 0, 1);
        t.alloc(0, 2, 32, 1, 0);
        t.write(0, 1, 0, 2);
        t.alloc(0, 3, 32, 1, 0);
        t.write(0, 2, 0, 3);
        t.write(0, 3, 0, 2);       // a cycle 2 <-> 3
        t.alloc(1, 4, 32, 1, 0);
        t.root(1, 0, 4);
        t.write(1, 4, 0, 3);       // thread 1 reaches the cycle too
        t.global(0, 1);
        t.alloc(0, 5, 32, 0, 0);
        t.root(0, 0, 0);           // 1 is still a global's
        t.collect();
        t.alloc(0, 6, 32, 0, 0);
        t.global(0, 0);            // 1 dies; the cycle lives through thread 1's 4
        t.alloc(0, 7, 32, 0, 0);
        t.root(1, 0, 0);           // 4 dies and takes the cycle with it, though 2 and 3 keep references
        t.collect();
        t.alloc(0, 8, 32, 0, 0);
        assertDeaths(Map.of(5L, 5L, 1L, 6L, 6L, 6L, 2L, 7L, 3L, 7L, 4L, 7L, 7L, 7L, 8L, 8L), t);
    }

    /**
     * A weak slot is strong to the definition (brute force takes it so): the referent of a rooted weak
     * reference lives until the reference does, though collections in between, on a plan that processes
     * references, would clear the slot. 2,000 objects of 1 KiB of garbage make every collecting plan collect
     * in the heaps {@link Deaths#merlin} tries. Through {@code lifetimes} only: a plain run's Merlin plugin
     * sees the collector's clearing, which is that run's program.
     */
    @Test
    void aWeakReferentLivesAsLongAsTheWeakReference() throws IOException {
        ScriptedTrace t = new ScriptedTrace("a weak slot");
        t.type(1, "java.lang.ref.WeakReference");
        t.weakSlot(1, 0);
        t.alloc(0, 1, 32, 1, 1);
        t.root(0, 0, 1);
        t.alloc(0, 2, 32, 0, 0);
        t.write(0, 1, 0, 2);        // 2 is reachable only through 1's weak slot
        Map<Long, Long> expected = new TreeMap<>();
        for (long id = 3; id <= 2002; id++) {
            t.alloc(0, id, 1024, 0, 0);
            expected.put(id, id);   // never stored
        }
        t.root(0, 0, 0);
        t.alloc(0, 2003, 32, 0, 0);
        expected.put(1L, 2002L);
        expected.put(2L, 2002L);
        expected.put(2003L, 2003L);
        assertDeaths(expected, t, false);
    }

    @Test
    void unreachableOnlyBetweenTwoAllocationsIsNotDead() throws IOException {
        ScriptedTrace t = new ScriptedTrace("a root moved the wrong way round");
        t.alloc(0, 1, 32, 0, 0);
        t.root(0, 0, 1);
        t.alloc(0, 2, 32, 0, 0);
        t.root(0, 0, 0);           // 1 is unreachable for a moment
        t.root(0, 1, 1);
        t.root(0, 2, 2);
        t.alloc(0, 3, 32, 0, 0);
        t.root(0, 2, 0);
        t.collect();               // 2 and 3 are freed here, mid-way between two allocations
        t.alloc(0, 4, 32, 0, 0);
        assertDeaths(Map.of(2L, 3L, 3L, 3L, 4L, 4L), t);
    }

    @Test
    void unreachableOnlyAtAnExplicitCollectionIsNotDeadEither() throws IOException {
        ScriptedTrace t = new ScriptedTrace("a collection requested while a root was being moved");
        t.alloc(0, 1, 32, 0, 0);
        t.root(0, 0, 1);
        t.alloc(0, 2, 32, 0, 0);
        t.root(0, 0, 0);
        t.collect();               // the definition looks at allocations only: 1 is not dead here
        t.root(0, 1, 1);
        t.alloc(0, 3, 32, 0, 0);
        // a plain replay collects at the C record and then rejects the store of 1 ("already collected")
        assertDeaths(Map.of(2L, 2L, 3L, 3L), t, false);
    }

    @Test
    void bruteForceRejectsAUseOfAnUnreachableObject() {
        ScriptedTrace t = new ScriptedTrace("wrong");
        t.alloc(0, 1, 32, 1, 0);
        t.alloc(0, 2, 32, 0, 0);
        t.write(0, 1, 0, 2);
        TraceException e = assertThrows(TraceException.class, () -> Deaths.bruteForce(t));
        assertEquals("store into object 1, which was already unreachable from the roots before allocation number 2 "
                + "(a program cannot use it again)", e.getMessage());
    }
}
