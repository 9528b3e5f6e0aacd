package org.jmmtk.plans.nogc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.ReplayBinding;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.Runs;
import org.junit.jupiter.api.Test;

/**
 * NoGC's mutators set valid-object bits without an atomic instruction only where no two threads can
 * share a bitmap word (pages of at least 512 B), and either way every object allocated gets its bit: on
 * a page size with plain sets and on one with atomic sets, with one and two mutator threads allocating
 * at once, the id table holds as many objects the valid-object bits confirm as were allocated.
 */
class NoGCValidBitsTest {
    private static final long HEAP = 256L << 20;

    @Test
    void plainSetsOnlyWithPagesThatCoverWholeBitmapWords() {
        assertTrue(ownsValidBitWords(4096));
        assertTrue(ownsValidBitWords(512));
        assertFalse(ownsValidBitWords(256));
        assertFalse(ownsValidBitWords(64));
    }

    private static boolean ownsValidBitWords(long page) {
        Options options = new Options().heapBytes(HEAP).geometry(page, 0, 0, 0);
        try (MMTK mmtk = new MMTK(options, new ReplayBinding(), Plans.REGISTRY.find("nogc").orElseThrow(), List.of())) {
            return ((NoGC) mmtk.plan()).mutatorsOwnValidBitWords();
        }
    }

    @Test
    void everyAllocatedObjectHasItsValidBit() throws IOException {
        for (long page : new long[] {4096, 256}) {
            for (int mutators : new int[] {1, 2}) {
                ReplayBinding[] bound = new ReplayBinding[1];
                Options options = new Options().heapBytes(HEAP).geometry(page, 0, 0, 0).mutatorThreads(mutators);
                RunResult r = Simulation.run(Plans.REGISTRY.find("nogc").orElseThrow(), options,
                        Runs.workload("search"), (mmtk, binding) -> bound[0] = binding);
                String run = "page " + page + ", " + mutators + " mutator threads";
                assertNull(r.outOfMemory(), run);
                assertTrue(r.objectsAllocated() > 10_000, run);
                assertEquals(r.objectsAllocated(), bound[0].tableSet().objects(), run);
            }
        }
    }
}
