package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.core.Options;
import org.jmmtk.plans.WeakReferenceProgram.Snapshot;
import org.jmmtk.plans.olderfirst.OlderFirst;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which weak slots the partial-collection plans clear (docs/design.md, "Reference processing"): a
 * nursery (window) collection clears a young referent nothing else reached, keeps an old one, and
 * resolves the weak slot of a remembered (old, stored into) reference as any other; the final, full,
 * collection clears every referent only weak slots reach. A {@link WeakReferenceProgram}'s weak
 * references, held by global roots, in groups of {@link #N}:
 * <ul>
 * <li>A: referent held by nothing else; after the first collection a new young referent (D) is stored
 *     into the now old reference, so the barrier logs it;</li>
 * <li>B: referent also held by a root until the end;</li>
 * <li>C: referent held by nothing else, holding a child;</li>
 * <li>E: an object held by a root through the first collection (so it is old), then a new reference to
 *     it and the root dropped;</li>
 * <li>L: after the first collection, a large object (old from birth, in the large object space) held
 *     by a new reference only.</li>
 * </ul>
 * Two explicit collections (nursery, or window for olderfirst) then the final full one; each slot is read
 * from the heap after each collection, and each collection's discovered and cleared counts are exact.
 * For olderfirst the window is one block: the groups fill the first block, so the first window holds
 * them all and the second the block after the survivors, where D and E's references are allocated.
 */
class GenerationalWeakReferencesTest {
    private static final int N = 8;
    /** Above every plan's large object threshold (at most 8 KiB). */
    private static final long LARGE = 16 << 10;

    @ParameterizedTest
    @CsvSource({"gencopy, 1", "gencopy, 3", "appel, 1", "appel, 3", "genimmix, 1", "genimmix, 3",
            "stickyimmix, 1", "stickyimmix, 3", "olderfirst, 1", "olderfirst, 3"})
    void partialCollectionsClearOnlyWhatTheyCollect(String plan, int threads) throws IOException {
        Program p = new Program();
        Options options = new Options().heapBytes(8L << 20).geometry(4096, 0, 0, 4096).threads(threads).sanity(true);
        if (plan.equals("olderfirst")) {
            // a window of two blocks: the first window holds the groups' block and a block of garbage but not
            // the youngest block, so the second window starts after the survivors
            options.planOption(OlderFirst.WINDOW_BYTES, 8192L);
        }
        RunResult r = Simulation.run(Plans.REGISTRY.find(plan).orElseThrow(), options, p, p);
        assertNull(r.outOfMemory(), "no out of memory");
        List<Snapshot> snapshots = p.snapshots();
        assertEquals(3, snapshots.size(), "collections");
        String partial = plan.equals("olderfirst") ? "window" : "nursery";

        Snapshot first = snapshots.get(0);
        assertEquals(partial, first.kind());
        for (int i = 0; i < N; i++) {
            assertEquals(0, first.referent(p.refA[i]), "A " + i + " after the first collection");
            assertEquals(p.b[i], first.referent(p.refB[i]), "B " + i + " after the first collection");
            assertEquals(0, first.referent(p.refC[i]), "C " + i + " after the first collection");
        }
        assertEquals(3 * N, first.discovered(), "discovered: the young references A, B, C");
        assertEquals(2 * N, first.cleared(), "cleared: A's and C's referents");

        Snapshot second = snapshots.get(1);
        assertEquals(partial, second.kind());
        for (int i = 0; i < N; i++) {
            assertEquals(0, second.referent(p.refA[i]), "D " + i + ", young, held by an old logged reference");
            assertEquals(p.b[i], second.referent(p.refB[i]), "B " + i + " after the second collection");
            assertEquals(p.e[i], second.referent(p.refE[i]), "E " + i + ", old, kept by a partial collection");
            assertEquals(p.l[i], second.referent(p.refL[i]), "L " + i + ", large, kept by a partial collection");
        }
        assertEquals(3 * N, second.discovered(), "discovered: A (remembered), E and L (young); not B (old)");
        assertEquals(N, second.cleared(), "cleared: D");

        Snapshot full = snapshots.get(2);
        assertEquals("full", full.kind());
        for (int i = 0; i < N; i++) {
            assertEquals(0, full.referent(p.refA[i]), "A " + i + " after the full collection");
            assertEquals(p.b[i], full.referent(p.refB[i]), "B " + i + " after the full collection");
            assertEquals(0, full.referent(p.refE[i]), "E " + i + " after the full collection");
            assertEquals(0, full.referent(p.refL[i]), "L " + i + " after the full collection");
        }
        assertEquals(3 * N, full.discovered(), "discovered: B, E and L (A's and C's slots are null)");
        assertEquals(2 * N, full.cleared(), "cleared: E and L");
    }

    /** The program. */
    private static final class Program extends WeakReferenceProgram {
        final long[] refA = new long[N];
        final long[] refB = new long[N];
        final long[] refC = new long[N];
        final long[] refE = new long[N];
        final long[] refL = new long[N];
        final long[] b = new long[N];
        final long[] e = new long[N];
        final long[] l = new long[N];

        @Override
        protected long[][] references() {
            return new long[][] {refA, refB, refC, refE, refL};
        }

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(REF, 0);
            int global = 0;
            int[] eRoot = new int[N];
            for (int i = 0; i < N; i++) {
                refA[i] = ref(out, global++, data(out, 0));
                b[i] = data(out, 0);
                out.global(global++, b[i]);
                refB[i] = ref(out, global++, b[i]);
                long c = data(out, 1);
                out.write(0, c, 0, data(out, 0));
                refC[i] = ref(out, global++, c);
                e[i] = data(out, 0);
                eRoot[i] = global++;
                out.global(eRoot[i], e[i]);
            }
            // garbage that does not fit the first block (3,328 bytes so far), then a block more of it
            data(out, 0, 1024);
            data(out, 0, 3500);
            out.collect();
            for (int i = 0; i < N; i++) {
                out.write(0, refA[i], 0, data(out, 0));
                refE[i] = ref(out, global++, e[i]);
                out.global(eRoot[i], 0);
                l[i] = data(out, 0, LARGE);
                refL[i] = ref(out, global++, l[i]);
            }
            out.collect();
        }
    }
}
