package org.jmmtk.plans.concurrentimmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.replay.ReplayBinding;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which weak slots a concurrentimmix cycle clears (docs/design.md, "Reference processing"): the
 * snapshot decides. Weak references (type 5, the referent in slot 0) held by global roots, in groups
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
    private static final int REF = 5;
    private static final int DATA = 6;
    private static final int N = 8;

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void theSnapshotDecidesWhatACycleClears(int threads) throws IOException {
        Program p = new Program();
        Options options = new Options().heapBytes(1L << 20).geometry(4096, 0, 0, 4096).threads(threads).sanity(true)
                .pacing(Pacing.every(64)).packetCapacity(4).planOption(ConcurrentImmix.INITIAL_MARK_PERCENT, 10);
        RunResult r = Simulation.run(Plans.REGISTRY.find("concurrentimmix").orElseThrow(), options, p,
                (mmtk, binding) -> {
                    p.binding = binding;
                    mmtk.addListener(p::snapshot);
                });
        assertNull(r.outOfMemory(), "no out of memory");
        // the explicit collection, then the run's final one
        assertEquals(List.of("initial-mark", "final-mark", "full", "full"), p.snapshots.stream().map(Snapshot::kind).toList());

        Snapshot initial = p.snapshots.get(0);
        assertEquals(0, initial.discovered, "the InitialMark scans nothing");

        Snapshot cycle = p.snapshots.get(1);
        assertTrue(cycle.concurrentUnits > 1, "marked concurrently: " + cycle.concurrentUnits + " units");
        for (int i = 0; i < N; i++) {
            assertEquals(0, cycle.referent(p.refA[i]), "A " + i + ": only weakly reachable at the snapshot");
            assertEquals(p.b[i], cycle.referent(p.refB[i]), "B " + i + ": strongly reachable at the snapshot");
            assertEquals(p.c[i], cycle.referent(p.refC[i]), "C " + i);
            assertEquals(0, cycle.referent(p.refD[i]), "D " + i + ": cleared by the program");
        }
        assertEquals(4 * N, cycle.discovered, "discovered: A, B, C and D, scanned by the cycle's mark");
        assertEquals(N, cycle.cleared, "cleared: A's referents");

        Snapshot full = p.snapshots.get(2);
        for (int i = 0; i < N; i++) {
            assertEquals(0, full.referent(p.refA[i]), "A " + i + " after the full collection");
            assertEquals(0, full.referent(p.refB[i]), "B " + i + ": only weakly reachable now");
            assertEquals(p.c[i], full.referent(p.refC[i]), "C " + i + " after the full collection");
        }
        assertEquals(2 * N, full.discovered, "discovered: B and C (A's slots are null)");
        assertEquals(N, full.cleared, "cleared: B's referents");
    }

    /** After one collection: its kind, counts and concurrent units, and each reference's referent by id (0 if cleared). */
    private record Snapshot(String kind, long discovered, long cleared, long concurrentUnits, Map<Long, Long> referents) {
        long referent(long ref) {
            return referents.get(ref);
        }
    }

    /** The program; reads the heap after each collection through the binding. */
    private static final class Program implements TraceSource {
        ReplayBinding binding;
        final List<Snapshot> snapshots = new ArrayList<>();
        final long[] refA = new long[N];
        final long[] refB = new long[N];
        final long[] refC = new long[N];
        final long[] refD = new long[N];
        final long[] b = new long[N];
        final long[] c = new long[N];
        private long id = 1;

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(REF, 0);
            int global = 0;
            long[] holders = new long[N];
            for (int i = 0; i < N; i++) {
                refA[i] = ref(out, global++, data(out, 0));
                b[i] = data(out, 0);
                holders[i] = data(out, 1);
                out.global(global++, holders[i]);
                out.write(0, holders[i], 0, b[i]);
                refB[i] = ref(out, global++, b[i]);
                c[i] = data(out, 0);
                out.global(global++, c[i]);
                refC[i] = ref(out, global++, c[i]);
                refD[i] = ref(out, global++, data(out, 0));
            }
            // garbage until the allocation trigger starts a cycle (bounded: 1 MiB)
            for (int k = 0; k < 1024 && snapshots.isEmpty(); k++) {
                data(out, 0, 1024);
            }
            for (int i = 0; i < N; i++) {
                out.write(0, holders[i], 0, 0);
                out.write(0, refD[i], 0, 0);
            }
            // records until the mark ends (bounded)
            for (int k = 0; k < 100_000 && snapshots.size() < 2; k++) {
                out.global(global, 0);
            }
            out.collect();
        }

        private long ref(TraceEvents out, int global, long referent) {
            long r = id++;
            out.alloc(0, r, 32, 1, REF);
            out.global(global, r);
            out.write(0, r, 0, referent);
            return r;
        }

        private long data(TraceEvents out, int slots) {
            return data(out, slots, 64);
        }

        private long data(TraceEvents out, int slots, long bytes) {
            long o = id++;
            out.alloc(0, o, bytes, slots, DATA);
            return o;
        }

        /** After a collection (the replay's thread waits for it). */
        void snapshot(GcRecord record) {
            SimulatedMemory memory = binding.mmtk().plan().memory();
            Map<Long, Long> referents = new HashMap<>();
            for (long[] refs : new long[][] {refA, refB, refC, refD}) {
                for (long ref : refs) {
                    long referent = memory.load(ObjectModel.slotAddress(binding.addressOf(ref), 0));
                    referents.put(ref, referent == 0 ? 0 : ObjectModel.id(memory, referent));
                }
            }
            Map<String, Long> stats = record.planStats();
            snapshots.add(new Snapshot(record.kind(), stats.get(Plan.WEAK_REFS_DISCOVERED),
                    stats.get(Plan.WEAK_REFS_CLEARED), stats.getOrDefault("concurrentUnits", 0L), referents));
        }

        @Override
        public String describe() {
            return "weak references across a concurrent cycle";
        }

        @Override
        public double progress() {
            return 0;
        }
    }
}
