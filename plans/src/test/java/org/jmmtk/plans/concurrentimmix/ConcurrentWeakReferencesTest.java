package org.jmmtk.plans.concurrentimmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.WeakReferenceProgram;
import org.jmmtk.plans.WeakReferenceProgram.Groups;
import org.jmmtk.plans.WeakReferenceProgram.Snapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which weak slots a concurrentimmix cycle clears (docs/design.md, "Reference processing"): the
 * snapshot decides. A {@link WeakReferenceProgram}'s weak references, held by global roots, in groups
 * of {@link #N}:
 * <ul>
 * <li>A: referent held by nothing else: cleared by the FinalMark pause, though the references were
 *     scanned by the concurrent mark;</li>
 * <li>B: referent also held by a rooted holder's field at the snapshot, the field cleared by the program
 *     during the marking: kept by the FinalMark (the SATB barrier logged it, so it was live at the
 *     snapshot), though only weak slots reach it then, where a stop-the-world collection would clear it;
 *     cleared by the next collection;</li>
 * <li>C: referent also held by a root throughout: never cleared;</li>
 * <li>D: referent held by nothing else, the weak slot cleared by the program during the marking (as
 *     {@code Reference.clear()} does), after the InitialMark discovered it (a root's object, scanned as
 *     the pause ends): discovered, and not counted as cleared by the collector.</li>
 * </ul>
 * The cycle starts after 100 KiB of garbage (the InitialMark); its marking runs in units of 4 edges every
 * 64 records, so the program's stores right after the InitialMark come before the mark ends. Then
 * records until the FinalMark, then an explicit (full) collection.
 */
class ConcurrentWeakReferencesTest {
    private static final int N = 8;

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void theSnapshotDecidesWhatACycleClears(int threads) throws IOException {
        Program p = new Program();
        Options options = new Options().heapBytes(1L << 20).geometry(4096, 0, 0, 4096).threads(threads).sanity(true)
                .pacing(Pacing.every(64)).packetCapacity(4).planOption(ConcurrentImmix.INITIAL_MARK_PERCENT, 10);
        RunResult r = Simulation.run(Plans.REGISTRY.find("concurrentimmix").orElseThrow(), options, p, p);
        List<Snapshot> snapshots = p.snapshots();
        assertNull(r.outOfMemory(), "no out of memory");
        // the explicit collection, then the run's final one
        assertEquals(List.of("initial-mark", "final-mark", "full", "full"), snapshots.stream().map(Snapshot::kind).toList());

        Snapshot initial = snapshots.get(0);
        assertEquals(0, initial.discovered(), "the InitialMark scans nothing");

        Snapshot cycle = snapshots.get(1);
        long units = cycle.stats().get("concurrentUnits");
        assertTrue(units > 1, "marked concurrently: " + units + " units");
        for (int i = 0; i < N; i++) {
            assertEquals(0, cycle.referent(p.abc.refA[i]), "A " + i + ": only weakly reachable at the snapshot");
            assertEquals(p.abc.b[i], cycle.referent(p.abc.refB[i]), "B " + i + ": strongly reachable at the snapshot");
            assertEquals(p.abc.c[i], cycle.referent(p.abc.refC[i]), "C " + i);
            assertEquals(0, cycle.referent(p.refD[i]), "D " + i + ": cleared by the program");
        }
        assertEquals(4 * N, cycle.discovered(), "discovered: A, B, C and D, scanned by the cycle's mark");
        assertEquals(N, cycle.cleared(), "cleared: A's referents");

        Snapshot full = snapshots.get(2);
        for (int i = 0; i < N; i++) {
            assertEquals(0, full.referent(p.abc.refA[i]), "A " + i + " after the full collection");
            assertEquals(0, full.referent(p.abc.refB[i]), "B " + i + ": only weakly reachable now");
            assertEquals(p.abc.c[i], full.referent(p.abc.refC[i]), "C " + i + " after the full collection");
        }
        assertEquals(2 * N, full.discovered(), "discovered: B and C (A's slots are null)");
        assertEquals(N, full.cleared(), "cleared: B's referents");
    }

    /** The program. */
    private static final class Program extends WeakReferenceProgram {
        final Groups abc = new Groups(N);
        final long[] refD = new long[N];

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
                refD[i] = ref(out, global++, data(out, 0));
            }
            // garbage until the allocation trigger starts a cycle (bounded: 1 MiB)
            for (int k = 0; k < 1024 && snapshots().isEmpty(); k++) {
                data(out, 0, 1024);
            }
            for (int i = 0; i < N; i++) {
                out.write(0, abc.holders[i], 0, 0);
                out.write(0, refD[i], 0, 0);
            }
            // records until the mark ends (bounded)
            for (int k = 0; k < 100_000 && snapshots().size() < 2; k++) {
                out.global(global, 0);
            }
            out.collect();
        }
    }
}
