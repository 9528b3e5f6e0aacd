package org.jmmtk.plans.immix;

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
 * Immix's mutators set valid-object bits without an atomic instruction only where no two threads can
 * share a bitmap word (pages, and so blocks, of at least 512 B), and either way the bits stay exact: on
 * a page size with plain sets and on one with atomic sets, with one and two mutator threads allocating
 * at once and collections in between, the run ends with the same live set, and the objects the id
 * table holds whose valid-object bits confirm them are exactly that live set.
 */
class ImmixValidBitsTest {
    private static final long HEAP = 1L << 20;

    @Test
    void plainSetsOnlyWithPagesThatCoverWholeBitmapWords() {
        assertTrue(ownsValidBitWords(4096));
        assertTrue(ownsValidBitWords(512));
        assertFalse(ownsValidBitWords(256));
        assertFalse(ownsValidBitWords(128));
    }

    private static boolean ownsValidBitWords(long page) {
        Options options = new Options().heapBytes(HEAP).geometry(page, 0, 0, 0);
        try (MMTK mmtk = new MMTK(options, new ReplayBinding(), Plans.REGISTRY.find("immix").orElseThrow(), List.of())) {
            return ((Immix) mmtk.plan()).mutatorsOwnValidBitWords();
        }
    }

    @Test
    void validBitsConfirmExactlyTheLiveSet() throws IOException {
        Long live = null;
        for (long page : new long[] {4096, 256}) {
            for (int mutators : new int[] {1, 2}) {
                ReplayBinding[] bound = new ReplayBinding[1];
                Options options = new Options().heapBytes(HEAP).geometry(page, 0, 0, 0).mutatorThreads(mutators);
                RunResult r = Simulation.run(Plans.REGISTRY.find("immix").orElseThrow(), options,
                        Runs.workload("search"), (mmtk, binding) -> bound[0] = binding);
                String run = "page " + page + ", " + mutators + " mutator threads";
                assertNull(r.outOfMemory(), run);
                assertTrue(r.gcCount() > 0, run);
                if (live == null) {
                    live = r.finalLiveObjects();
                }
                assertEquals(live, r.finalLiveObjects(), run);
                assertEquals((long) live, bound[0].tableSet().objects(), run);
            }
        }
    }
}
