package org.jmmtk.plans.refcount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.WeakReferenceProgram;
import org.jmmtk.plans.WeakReferenceProgram.Groups;
import org.jmmtk.plans.WeakReferenceProgram.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which weak slots refcount clears (docs/design.md, "Reference processing"): weak slots do not count,
 * so an RC collection frees a referent nothing else counts, and clears the slot; the cycle collector
 * clears those it did not mark. A {@link WeakReferenceProgram}'s weak references, held by global roots,
 * in groups of {@link #N}:
 * <ul>
 * <li>A: referent held by nothing else: freed and cleared by the first RC collection;</li>
 * <li>B: referent also held by a rooted holder's field, which the program clears after the first
 *     collection: kept by it, freed and cleared by the second;</li>
 * <li>C: referent also held by a root (roots are not counted, but an RC collection counts them while it
 *     frees): never cleared;</li>
 * <li>D: referent in a garbage cycle of two (each counted once) held otherwise only weakly: RC cannot
 *     free it, so both RC collections keep it; the cycle collection (an explicit request) clears it.</li>
 * </ul>
 * Each RC collection comes from garbage filling the heap; each slot is read after each collection and
 * each collection's discovered and cleared counts are exact.
 */
class RefCountWeakReferencesTest {
    private static final int N = 8;

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void weakSlotsDoNotCount(int threads) throws IOException {
        Program p = new Program();
        Options options = new Options().heapBytes(1L << 20).threads(threads).sanity(true);
        RunResult r = Simulation.run(Plans.REGISTRY.find("refcount").orElseThrow(), options, p, p);
        List<Snapshot> snapshots = p.snapshots();
        assertNull(r.outOfMemory(), "no out of memory");
        // the explicit collection, then the run's final one
        assertEquals(List.of("rc", "rc", "full", "full"), snapshots.stream().map(Snapshot::kind).toList());

        Snapshot first = snapshots.get(0);
        for (int i = 0; i < N; i++) {
            assertEquals(0, first.referent(p.abc.refA[i]), "A " + i + ": counted by nothing");
            assertEquals(p.abc.b[i], first.referent(p.abc.refB[i]), "B " + i + ": counted by its holder");
            assertEquals(p.abc.c[i], first.referent(p.abc.refC[i]), "C " + i + ": held by a root");
            assertEquals(p.d[i], first.referent(p.refD[i]), "D " + i + ": counted by its cycle");
        }
        assertEquals(4 * N, first.discovered(), "discovered: A, B, C and D");
        assertEquals(N, first.cleared(), "cleared: A's referents");

        Snapshot second = snapshots.get(1);
        for (int i = 0; i < N; i++) {
            assertEquals(0, second.referent(p.abc.refB[i]), "B " + i + ": its holder's field cleared");
            assertEquals(p.abc.c[i], second.referent(p.abc.refC[i]), "C " + i);
            assertEquals(p.d[i], second.referent(p.refD[i]), "D " + i + ": a cycle, which RC cannot free");
        }
        assertEquals(3 * N, second.discovered(), "discovered: B, C and D (A's slots are null)");
        assertEquals(N, second.cleared(), "cleared: B's referents");

        Snapshot cycles = snapshots.get(2);
        for (int i = 0; i < N; i++) {
            assertEquals(p.abc.c[i], cycles.referent(p.abc.refC[i]), "C " + i + " after the cycle collection");
            assertEquals(0, cycles.referent(p.refD[i]), "D " + i + ": not marked by the cycle collector");
        }
        assertEquals(2 * N, cycles.discovered(), "discovered: C and D");
        assertEquals(N, cycles.cleared(), "cleared: D's referents");
    }

    /** The program. */
    private static final class Program extends WeakReferenceProgram {
        final Groups abc = new Groups(N);
        final long[] refD = new long[N];
        final long[] d = new long[N];

        @Override
        protected long[][] references() {
            return new long[][] {abc.refA, abc.refB, abc.refC, refD};
        }

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(REF, 0);
            int global = 0;
            for (int i = 0; i < N; i++) {
                global = group(out, abc, i, global);
                d[i] = data(out, 1);
                long e = data(out, 1);
                out.write(0, d[i], 0, e);
                out.write(0, e, 0, d[i]);
                refD[i] = ref(out, global++, d[i]);
            }
            fillUntilCollection(out, 1);
            for (int i = 0; i < N; i++) {
                out.write(0, abc.holders[i], 0, 0);
            }
            fillUntilCollection(out, 2);
            out.collect();
        }
    }
}
