package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.replay.ReplayBinding;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which weak slots Serial clears, by HotSpot's rule (docs/serial.md, "Weak references"): a young
 * collection clears the referent of a reference copied to the to-space when nothing else keeps it; a
 * reference promoted by that collection, or already old, keeps its referent (through the cards); a full
 * collection clears every referent only weak slots reach. A program of weak references (type 5, the
 * referent in slot 0) held by global roots, in four groups: referents held by nothing else (A), also by
 * a root (B), a referent holding another object (C, both only weakly held), and, after the first
 * collection, a new young referent stored into each reference of A (D). Each slot is read from the heap
 * after each collection and checked against what the rule says, at thresholds 15 (A's references go to
 * the to-space) and 0 (all are promoted), on one and four GC threads.
 */
class SerialWeakReferencesTest {
    private static final int REF = 5;
    private static final int DATA = 6;
    private static final int N = 8;

    @ParameterizedTest
    @CsvSource({"15, 1", "15, 4", "0, 1", "0, 4"})
    void clearsWhatHotSpotClears(int threshold, int threads) throws IOException {
        Program p = new Program();
        Options options = new Options().heapBytes(8L << 20).geometry(4096, 0, 0, 4096).planOption(Serial.YOUNG_BYTES, 1L << 20)
                .planOption(Serial.MAX_TENURING_THRESHOLD, threshold).threads(threads).sanity(true);
        RunResult r = Simulation.run(Plans.REGISTRY.find("serial").orElseThrow(), options, p,
                (mmtk, binding) -> {
                    p.binding = binding;
                    mmtk.addListener(record -> p.ended++);
                });
        assertNull(r.outOfMemory(), "no out of memory");
        boolean survivor = threshold > 0;
        // after the first (young) collection
        Snapshot young1 = p.snapshots.get(0);
        for (int i = 0; i < N; i++) {
            assertEquals(survivor ? 0 : p.a[i], young1.referent(p.refA[i]), "A " + i + " after young 1");
            assertEquals(p.b[i], young1.referent(p.refB[i]), "B " + i + " after young 1");
            assertEquals(survivor ? 0 : p.c[i], young1.referent(p.refC[i]), "C " + i + " after young 1");
            assertEquals(survivor ? 0 : 1, young1.alive(p.cChild[i]), "C's child " + i + " after young 1");
        }
        GcRecord first = r.collections().get(0);
        assertEquals("nursery", first.kind());
        assertEquals(survivor ? 3 * N : 0, first.planStats().get(Plan.WEAK_REFS_DISCOVERED), "discovered at young 1");
        assertEquals(survivor ? 2 * N : 0, first.planStats().get(Plan.WEAK_REFS_CLEARED), "cleared at young 1");
        // after the second young collection: D's referents are young, only A's references hold them
        Snapshot young2 = p.snapshots.get(1);
        for (int i = 0; i < N; i++) {
            // at 15 A's references are in the to-space (age 1): discovered and cleared; at 0 they are old
            assertEquals(survivor ? 0 : p.d[i], young2.referent(p.refA[i]), "D " + i + " after young 2");
            assertEquals(p.b[i], young2.referent(p.refB[i]), "B " + i + " after young 2");
        }
        // after the full collection every referent only weak slots reach is cleared
        Snapshot full = p.snapshots.get(2);
        GcRecord fullRecord = r.collections().get(2);
        assertEquals("full", fullRecord.kind());
        for (int i = 0; i < N; i++) {
            assertEquals(0, full.referent(p.refA[i]), "A/D " + i + " after full");
            assertEquals(p.b[i], full.referent(p.refB[i]), "B " + i + " after full");
            assertEquals(0, full.referent(p.refC[i]), "C " + i + " after full");
        }
        assertEquals(survivor ? N : 3 * N, fullRecord.planStats().get(Plan.WEAK_REFS_DISCOVERED), "discovered at full");
        assertEquals(survivor ? 0 : 2 * N, fullRecord.planStats().get(Plan.WEAK_REFS_CLEARED), "cleared at full");
    }

    /** Each reference's referent (by id, 0 if cleared) and which objects are alive, after one collection. */
    private record Snapshot(java.util.Map<Long, Long> referents, java.util.Set<Long> alive) {
        long referent(long ref) {
            return referents.get(ref);
        }

        int alive(long id) {
            return alive.contains(id) ? 1 : 0;
        }
    }

    /** The program; reads the heap after each collection through the binding. */
    private static final class Program implements TraceSource {
        ReplayBinding binding;
        final List<Snapshot> snapshots = new ArrayList<>();
        final long[] refA = new long[N];
        final long[] refB = new long[N];
        final long[] refC = new long[N];
        final long[] a = new long[N];
        final long[] b = new long[N];
        final long[] c = new long[N];
        final long[] cChild = new long[N];
        final long[] d = new long[N];
        private long id = 1;
        /** Collections ended: written by the thread that ran them, which the replay's thread waited for. */
        volatile int ended;

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(REF, 0);
            int global = 0;
            for (int i = 0; i < N; i++) {
                refA[i] = ref(out, global++);
                a[i] = data(out, 0);
                out.write(0, refA[i], 0, a[i]);
                refB[i] = ref(out, global++);
                b[i] = data(out, 0);
                out.write(0, refB[i], 0, b[i]);
                out.global(global++, b[i]);
                refC[i] = ref(out, global++);
                c[i] = data(out, 1);
                cChild[i] = data(out, 0);
                out.write(0, c[i], 0, cChild[i]);
                out.write(0, refC[i], 0, c[i]);
            }
            fillEden(out);
            for (int i = 0; i < N; i++) {
                d[i] = data(out, 0);
                out.write(0, refA[i], 0, d[i]);
            }
            fillEden(out);
            out.collect();
            snapshot();
        }

        /** Allocates dead objects until a collection has run; then reads the heap. */
        private void fillEden(TraceEvents out) {
            int before = ended;
            while (ended == before) {
                out.alloc(0, id++, 1024, 0, 0);
            }
            snapshot();
        }

        private long ref(TraceEvents out, int global) {
            long r = id++;
            out.alloc(0, r, 32, 1, REF);
            out.global(global, r);
            return r;
        }

        private long data(TraceEvents out, int slots) {
            long o = id++;
            out.alloc(0, o, 64, slots, DATA);
            return o;
        }

        private void snapshot() {
            var memory = binding.mmtk().plan().memory();
            java.util.Map<Long, Long> referents = new java.util.HashMap<>();
            java.util.Set<Long> alive = new java.util.HashSet<>();
            for (long[] refs : new long[][] {refA, refB, refC}) {
                for (long ref : refs) {
                    long address = binding.addressOf(ref);
                    long referent = memory.load(ObjectModel.slotAddress(address, 0));
                    referents.put(ref, referent == 0 ? 0 : ObjectModel.id(memory, referent));
                }
            }
            for (long[] ids : new long[][] {a, b, c, cChild, d}) {
                for (long o : ids) {
                    if (o != 0 && binding.addressOf(o) != 0) {
                        alive.add(o);
                    }
                }
            }
            snapshots.add(new Snapshot(referents, alive));
        }

        @Override
        public String describe() {
            return "weak references";
        }

        @Override
        public double progress() {
            return 0;
        }
    }
}
