package org.jmmtk.plans.lxr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.WeakReferenceProgram;
import org.jmmtk.plans.WeakReferenceProgram.Groups;
import org.jmmtk.plans.WeakReferenceProgram.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * Which weak slots lxr clears (docs/design.md, "Reference processing"): weak slots do not count, so an
 * RC pause frees a referent nothing else counts, and clears the slot; a full collection clears those it
 * did not mark. A {@link WeakReferenceProgram}'s weak references, held by global roots, in groups of
 * {@link #N}, made before the first pause (so every object starts young):
 * <ul>
 * <li>A: referent held by nothing else: never counted, it dies young, cleared by the first pause;</li>
 * <li>B: referent also held by a rooted holder's field, which the program clears after the first
 *     pause: kept by it, freed and cleared by the second (the holder's logged old referent is its
 *     decrement);</li>
 * <li>C: referent also held by a root: never cleared; young survivors are evacuated by the first pause,
 *     and the weak slot holds the referent's new address;</li>
 * <li>D: referent in a cycle of two held by a rooted holder's field, cleared after the first pause: a
 *     garbage cycle, which the second (RC) pause cannot free, so it keeps the referent; the full
 *     collection (an explicit request) clears it;</li>
 * <li>E: a reference made with a null referent, given a new (young, otherwise unreferenced) referent
 *     after the first pause: the barrier logs the reference, whose weak slot is no increment, and the
 *     second pause, which finds it among the logged objects, clears it;</li>
 * <li>F: referent also held by a root, the reference given a new (young, otherwise unreferenced)
 *     referent after the first pause: the barrier logs the reference, its old referent is no decrement
 *     (it stays, its count exact) and its new one no increment, so the second pause clears it;</li>
 * <li>G: a reference held by a rooted holder's field, whose referent a root holds too; after the first
 *     pause the program clears the holder's field: the reference dies at the second pause, and its
 *     weak slot is no decrement (the referent stays, its count exact).</li>
 * </ul>
 * Each pause comes from garbage filling the heap; each slot is read after each collection and each
 * collection's discovered and cleared counts are exact; the sanity checker and the exact count check run
 * after every pause; the result is the same on one GC thread and on three.
 */
class LxrWeakReferencesTest {
    private static final int N = 8;

    @Test
    void weakSlotsDoNotCount() throws IOException {
        String one = run(1);
        String three = run(3);
        assertEquals(one, three, "one GC thread against three");
    }

    /**
     * The snapshot trace ({@code initial-satb} to {@code final-satb}, its marking paced in units of 4
     * edges every 64 records, 20,000 records without allocation after the initial-satb pause so that
     * it scans the references concurrently) with a rooted ballast that keeps the first RC pause from leaving a quarter
     * of the heap free. Groups of {@link #N}, made before the first pause: B (as above; the holder's
     * field cleared during the marking: the final-satb pause's decrements free the referent, which the
     * snapshot had found strongly reachable, and clear the slot); C (as above: kept); D (a cycle of two
     * whose rooted holder's field the program clears after the first pause: the initial-satb pause
     * cannot free it, the snapshot trace does not reach it, and the final-satb pause reclaims it and
     * clears the slot); H (a reference held by a garbage cycle of two, made garbage as D is, its
     * referent held by a root: the final-satb pause reclaims the reference with the cycle, and its
     * weak slot is no decrement, so the referent stays, its count exact).
     */
    @Test
    void theSnapshotTraceClearsGarbageCycles() throws IOException {
        String one = runCycle(1);
        String three = runCycle(3);
        assertEquals(one, three, "one GC thread against three");
    }

    private static String runCycle(int threads) throws IOException {
        CycleProgram p = new CycleProgram();
        Options options = new Options().heapBytes(1L << 20).threads(threads).sanity(true)
                .pacing(Pacing.every(64)).packetCapacity(4);
        RunResult r = Simulation.run(Plans.REGISTRY.find("lxr").orElseThrow(), options, p, p);
        List<Snapshot> snapshots = p.snapshots();
        assertNull(r.outOfMemory(), "no out of memory");
        assertEquals(List.of("rc", "initial-satb", "final-satb", "full", "full"),
                snapshots.stream().map(Snapshot::kind).toList());

        Snapshot initial = snapshots.get(1);
        for (int i = 0; i < N; i++) {
            assertEquals(p.abc.b[i], initial.referent(p.abc.refB[i]), "B " + i + ": counted by its holder");
            assertEquals(p.d[i], initial.referent(p.refD[i]), "D " + i + ": a cycle, which counting cannot free");
        }
        Snapshot fin = snapshots.get(2);
        long units = fin.stats().get("concurrentUnits");
        assertTrue(units > 1, "marked concurrently: " + units + " units");
        for (int i = 0; i < N; i++) {
            assertEquals(0, fin.referent(p.abc.refB[i]), "B " + i + ": its last count dropped during the marking");
            assertEquals(p.abc.c[i], fin.referent(p.abc.refC[i]), "C " + i);
            assertEquals(0, fin.referent(p.refD[i]), "D " + i + ": not reached by the snapshot trace");
        }
        assertEquals(3 * N, fin.discovered(), "discovered: B, C and D");
        assertEquals(2 * N, fin.cleared(), "cleared: B's and D's referents");
        assertTrue(fin.stats().get("objectsFreedBySatb") >= 5 * N, "the cycles freed by the snapshot trace");
        for (int i = 0; i < N; i++) {
            assertEquals(0, p.refHAfter[i], "H " + i + ": the reference was reclaimed with its cycle");
            assertTrue(p.hAfter[i] != 0, "H " + i + ": its referent, held by a root, was not");
        }
        return LogicalResult.of(r).toString();
    }

    private static String run(int threads) throws IOException {
        Program p = new Program();
        Options options = new Options().heapBytes(1L << 20).threads(threads).sanity(true);
        RunResult r = Simulation.run(Plans.REGISTRY.find("lxr").orElseThrow(), options, p, p);
        List<Snapshot> snapshots = p.snapshots();
        assertNull(r.outOfMemory(), "no out of memory");
        // the explicit collection, then the run's final one
        assertEquals(List.of("rc", "rc", "full", "full"), snapshots.stream().map(Snapshot::kind).toList());

        Snapshot first = snapshots.get(0);
        int moved = 0;
        for (int i = 0; i < N; i++) {
            assertEquals(0, first.referent(p.abc.refA[i]), "A " + i + ": counted by nothing");
            assertEquals(p.abc.b[i], first.referent(p.abc.refB[i]), "B " + i + ": counted by its holder");
            assertEquals(p.abc.c[i], first.referent(p.abc.refC[i]), "C " + i + ": held by a root");
            assertEquals(p.d[i], first.referent(p.refD[i]), "D " + i + ": counted by its holder");
            assertEquals(p.gAfterFirst[i], p.gRead[i], "G " + i + ": held by a root");
            assertTrue(first.referent(p.refF[i]) != 0, "F " + i + ": held by a root");
            assertEquals(p.cAfterFirst[i], p.cRead[i], "C " + i + ": the weak slot holds the referent's new address");
            if (p.cAfterFirst[i] != p.cAllocated[i]) {
                moved++;
            }
        }
        assertTrue(moved > 0, "C's referents were evacuated");
        assertEquals(6 * N, first.discovered(), "discovered: A, B, C, D, F and G");
        assertEquals(N, first.cleared(), "cleared: A's referents");

        Snapshot second = snapshots.get(1);
        for (int i = 0; i < N; i++) {
            assertEquals(0, second.referent(p.abc.refB[i]), "B " + i + ": its holder's field cleared");
            assertEquals(p.abc.c[i], second.referent(p.abc.refC[i]), "C " + i);
            assertEquals(p.d[i], second.referent(p.refD[i]), "D " + i + ": a cycle, which RC cannot free");
            assertEquals(0, second.referent(p.refE[i]), "E " + i + ": its referent counted by nothing");
            assertEquals(0, second.referent(p.refF[i]), "F " + i + ": its new referent counted by nothing");
            assertEquals(0, p.addressOf(p.refG[i]), "G " + i + ": the reference died");
            assertTrue(p.addressOf(p.g[i]) != 0, "G " + i + ": its referent, held by a root, did not");
        }
        assertEquals(5 * N, second.discovered(), "discovered: B, C, D, E and F (A's slots are null, G's references dead)");
        assertEquals(3 * N, second.cleared(), "cleared: B's, E's and F's referents");

        Snapshot full = snapshots.get(2);
        for (int i = 0; i < N; i++) {
            assertEquals(p.abc.c[i], full.referent(p.abc.refC[i]), "C " + i + " after the full collection");
            assertEquals(0, full.referent(p.refD[i]), "D " + i + ": not marked by the full collection");
        }
        assertEquals(2 * N, full.discovered(), "discovered: C and D");
        assertEquals(N, full.cleared(), "cleared: D's referents");
        assertNotEquals(0, r.collections().size());
        return LogicalResult.of(r).toString();
    }

    /** The program of {@link #theSnapshotTraceClearsGarbageCycles}. */
    private static final class CycleProgram extends WeakReferenceProgram {
        /** Rooted data of 16 KiB each, {@value} of them: 800 KiB of the 1 MiB heap. */
        private static final int BALLAST = 50;
        final Groups abc = new Groups(N);
        final long[] refD = new long[N];
        final long[] d = new long[N];
        final long[] holdersD = new long[N];
        final long[] refH = new long[N];
        final long[] h = new long[N];
        final long[] holdersH = new long[N];
        final long[] refHAfter = new long[N];
        final long[] hAfter = new long[N];

        @Override
        protected long[][] references() {
            return new long[][] {abc.refB, abc.refC, refD};
        }

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(REF, 0);
            int global = 0;
            for (int i = 0; i < BALLAST; i++) {
                out.global(global++, data(out, 0, 16 << 10));
            }
            for (int i = 0; i < N; i++) {
                global = group(out, abc, i, global);
                d[i] = data(out, 1);
                long e = data(out, 1);
                out.write(0, d[i], 0, e);
                out.write(0, e, 0, d[i]);
                holdersD[i] = data(out, 1);
                out.global(global++, holdersD[i]);
                out.write(0, holdersD[i], 0, d[i]);
                refD[i] = ref(out, global++, d[i]);
                h[i] = data(out, 0);
                out.global(global++, h[i]);
                refH[i] = ref(out, global, h[i]);
                out.global(global++, 0);
                long x = data(out, 2);
                long y = data(out, 1);
                out.write(0, x, 0, y);
                out.write(0, y, 0, x);
                out.write(0, x, 1, refH[i]);
                holdersH[i] = data(out, 1);
                out.global(global++, holdersH[i]);
                out.write(0, holdersH[i], 0, x);
            }
            fillUntilCollection(out, 1);
            for (int i = 0; i < N; i++) {
                out.write(0, holdersD[i], 0, 0);
                out.write(0, holdersH[i], 0, 0);
            }
            fillUntilCollection(out, 2);
            // records that allocate nothing, so the marking runs concurrently to its end before the heap fills
            for (int k = 0; k < 20_000; k++) {
                out.global(global, 0);
            }
            for (int i = 0; i < N; i++) {
                out.write(0, abc.holders[i], 0, 0);
            }
            fillUntilCollection(out, 3);
            for (int i = 0; i < N; i++) {
                refHAfter[i] = addressOf(refH[i]);
                hAfter[i] = addressOf(h[i]);
            }
            out.collect();
        }
    }

    /** The program of {@link #weakSlotsDoNotCount}. */
    private static final class Program extends WeakReferenceProgram {
        final Groups abc = new Groups(N);
        final long[] refD = new long[N];
        final long[] d = new long[N];
        final long[] holdersD = new long[N];
        final long[] refE = new long[N];
        final long[] refF = new long[N];
        final long[] refG = new long[N];
        final long[] g = new long[N];
        final long[] holdersG = new long[N];
        final long[] cAllocated = new long[N];
        final long[] cAfterFirst = new long[N];
        final long[] cRead = new long[N];
        final long[] gAfterFirst = new long[N];
        final long[] gRead = new long[N];

        @Override
        protected long[][] references() {
            return new long[][] {abc.refA, abc.refB, abc.refC, refD, refE, refF};
        }

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(REF, 0);
            int global = 0;
            for (int i = 0; i < N; i++) {
                global = group(out, abc, i, global);
                cAllocated[i] = addressOf(abc.c[i]);
                d[i] = data(out, 1);
                long e = data(out, 1);
                out.write(0, d[i], 0, e);
                out.write(0, e, 0, d[i]);
                holdersD[i] = data(out, 1);
                out.global(global++, holdersD[i]);
                out.write(0, holdersD[i], 0, d[i]);
                refD[i] = ref(out, global++, d[i]);
                refE[i] = ref(out, global++, 0);
                long f = data(out, 0);
                out.global(global++, f);
                refF[i] = ref(out, global++, f);
                g[i] = data(out, 0);
                out.global(global++, g[i]);
                refG[i] = ref(out, global, g[i]);
                // held by its holder's field only
                out.global(global++, 0);
                holdersG[i] = data(out, 1);
                out.global(global++, holdersG[i]);
                out.write(0, holdersG[i], 0, refG[i]);
            }
            fillUntilCollection(out, 1);
            for (int i = 0; i < N; i++) {
                cAfterFirst[i] = addressOf(abc.c[i]);
                cRead[i] = referentAddress(abc.refC[i]);
                gAfterFirst[i] = addressOf(g[i]);
                gRead[i] = referentAddress(refG[i]);
                out.write(0, abc.holders[i], 0, 0);
                out.write(0, holdersD[i], 0, 0);
                out.write(0, refE[i], 0, data(out, 0));
                out.write(0, refF[i], 0, data(out, 0));
                out.write(0, holdersG[i], 0, 0);
            }
            fillUntilCollection(out, 2);
            out.collect();
        }
    }
}
