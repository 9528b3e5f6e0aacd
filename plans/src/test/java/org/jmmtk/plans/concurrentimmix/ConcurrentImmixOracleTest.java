package org.jmmtk.plans.concurrentimmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.PlanOptionValues;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.ReachabilityOracle;
import org.junit.jupiter.api.Test;

/**
 * ConcurrentImmix against an independent reachability oracle (a {@link ShadowHeap} fed the same random
 * trace): at every cycle, what the plan kept (marked) is exactly what was reachable at the InitialMark's
 * record plus what was allocated from there to the record of the pause that ended the cycle, and its
 * floating garbage is that minus what is reachable at that pause, byte for byte (under the default trigger,
 * mmtk-core's allocation since the last collection, and heap occupancy); the final live set is
 * the oracle's at 1, 2 and 4 GC threads with the sanity checker after every pause; and the logical
 * result (every collection, record and metric) is the same for every GC thread count under a pacing.
 */
class ConcurrentImmixOracleTest {
    private static final int[] THREADS = {1, 2, 4};

    /** One cycle as the plan reported it in the pause that ended it. */
    private record Cycle(String kind, long snapshot, long finalMark, long marked, long floating) {
    }

    private static TraceSource trace(long seed) {
        return RandomTraces.generate(seed * 104729, 3000, 1);
    }

    private static long heapFor(TraceSource trace) throws IOException {
        return Math.max(64 << 10, 3 * MaxLive.of(trace).bytes());
    }

    private static RunResult run(TraceSource trace, long heap, int threads, Pacing pacing, List<GcRecord> records)
            throws IOException {
        return run(trace, heap, threads, pacing, records, PlanOptionValues.NONE);
    }

    /** The occupancy trigger: a cycle once 90% of the heap is in use (mmtk-core's, the default, turned off). */
    private static final PlanOptionValues OCCUPANCY_TRIGGER = PlanOptionValues.NONE
            .with(ConcurrentImmix.INITIAL_MARK_OCCUPANCY, 90).with(ConcurrentImmix.INITIAL_MARK_PERCENT, 0);

    private static RunResult run(TraceSource trace, long heap, int threads, Pacing pacing, List<GcRecord> records,
                                 PlanOptionValues trigger) throws IOException {
        Options options = new Options().heapBytes(heap).threads(threads).sanity(true).pacing(pacing)
                .planOptions(trigger.with(ConcurrentImmix.FLOATING_GARBAGE, 1));
        return Simulation.run(Plans.REGISTRY.find("concurrentimmix").orElseThrow(), options, trace,
                (mmtk, binding) -> mmtk.addListener(records::add));
    }

    private static List<Cycle> cycles(List<GcRecord> records) {
        List<Cycle> cycles = new ArrayList<>();
        for (GcRecord r : records) {
            Map<String, Long> s = r.planStats();
            if (s.containsKey("snapshotRecord")) {
                cycles.add(new Cycle(r.kind(), s.get("snapshotRecord"), s.get("finalMarkRecord"), s.get("markedBytes"),
                        s.get("floatingGarbageBytes")));
            }
        }
        return cycles;
    }

    @Test
    void everyCycleMarksTheSnapshotPlusAllocationsAndItsFloatingGarbageIsExact() throws IOException {
        int checked = 0;
        int finalMarks = 0;
        for (long seed = 1; seed <= 12; seed++) {
            TraceSource trace = trace(seed);
            long heap = heapFor(trace);
            // odd seeds with the occupancy trigger, even ones with the default (mmtk-core's)
            PlanOptionValues trigger = seed % 2 == 1 ? OCCUPANCY_TRIGGER : PlanOptionValues.NONE;
            for (int pacing : new int[] {1, 7, 40}) {
                List<GcRecord> records = new ArrayList<>();
                RunResult r = run(trace, heap, 2, Pacing.every(pacing), records, trigger);
                assertNull(r.outOfMemory(), r.outOfMemory());
                List<Cycle> cycles = cycles(records);
                ReachabilityOracle oracle = ReachabilityOracle.ofCycles(trace, records);
                for (Cycle c : cycles) {
                    String where = "seed " + seed + ", pacing " + pacing + ", " + c;
                    long snapshot = oracle.reachable(c.snapshot);
                    long allocated = oracle.allocated(c.finalMark) - oracle.allocated(c.snapshot);
                    assertEquals(snapshot + allocated, c.marked, where + ": marked");
                    assertEquals(c.marked - oracle.reachable(c.finalMark), c.floating, where + ": floating garbage");
                    checked++;
                    if (c.kind.equals("final-mark")) {
                        finalMarks++;
                    }
                }
            }
        }
        assertTrue(checked > 50, "only " + checked + " cycles checked");
        assertTrue(finalMarks > 20, "only " + finalMarks + " cycles ended by a FinalMark");
    }

    @Test
    void finalLiveSetIsTheOraclesAndTheResultTheSameForEveryThreadCount() throws IOException {
        for (long seed = 20; seed <= 27; seed++) {
            TraceSource trace = trace(seed);
            long heap = heapFor(trace);
            ShadowHeap shadow = new ShadowHeap();
            trace.replay(shadow);
            String expected = null;
            for (int threads : THREADS) {
                List<GcRecord> records = new ArrayList<>();
                RunResult r = run(trace, heap, threads, Pacing.every(1 + (int) seed % 5), records);
                assertNull(r.outOfMemory(), r.outOfMemory());
                assertEquals(shadow.reachableBytes(), r.finalLiveBytes(), "seed " + seed + ", " + threads + " threads");
                String actual = LogicalResult.of(r) + cycles(records);
                if (expected == null) {
                    expected = actual;
                } else {
                    assertEquals(expected, actual, "seed " + seed + ": " + threads + " threads differ from 1");
                }
            }
        }
    }

    /**
     * The run's final collection, a full one, often comes while a cycle marks: it gives the cycle up, undoing
     * the cycle's marks by its line marks (not by walking the heap), and must still find exactly what is
     * reachable. About one run in twenty ends with a cycle in progress (its InitialMark the last pause
     * before the final collection), its marks those of the roots, of the objects allocated since and of
     * the concurrent units run by then; the seeds and sparse pacings give six such runs.
     */
    @Test
    void aFullCollectionDuringMarkingUndoesTheCyclesMarksAndFindsExactlyWhatIsReachable() throws IOException {
        int givenUp = 0;
        for (long seed = 50; seed <= 89; seed++) {
            TraceSource trace = trace(seed);
            ShadowHeap shadow = new ShadowHeap();
            trace.replay(shadow);
            for (int pacing : new int[] {300, 1000}) {
                List<GcRecord> records = new ArrayList<>();
                RunResult r = run(trace, heapFor(trace), 2, Pacing.every(pacing), records);
                assertNull(r.outOfMemory(), r.outOfMemory());
                assertEquals(shadow.reachableBytes(), r.finalLiveBytes(), "seed " + seed + ", pacing " + pacing);
                GcRecord lastBeforeFinal = null;
                for (GcRecord g : records) {
                    if (!g.reason().equals("final")) {
                        lastBeforeFinal = g;
                    }
                }
                if (lastBeforeFinal != null && lastBeforeFinal.kind().equals("initial-mark")) {
                    givenUp++;
                }
            }
        }
        assertTrue(givenUp >= 5, "only " + givenUp + " runs ended with a cycle in progress: choose other seeds");
    }

    @Test
    void realPacingKeepsWhatIsReachable() throws IOException {
        for (long seed = 40; seed <= 43; seed++) {
            TraceSource trace = trace(seed);
            ShadowHeap shadow = new ShadowHeap();
            trace.replay(shadow);
            RunResult r = run(trace, heapFor(trace), 2, Pacing.REAL, new ArrayList<>());
            assertNull(r.outOfMemory(), r.outOfMemory());
            assertEquals(shadow.reachableBytes(), r.finalLiveBytes(), "seed " + seed);
        }
    }

    @Test
    void pacingIsRefusedWhereItHasNoMeaning() {
        TraceSource trace = trace(1);
        IllegalArgumentException stw = assertThrows(IllegalArgumentException.class, () -> Simulation.run(
                Plans.REGISTRY.find("immix").orElseThrow(), new Options().heapBytes(1 << 20).pacing(Pacing.every(5)),
                trace));
        assertTrue(stw.getMessage().startsWith("--pacing 5: plan immix collects stop-the-world"), stw.getMessage());
        IllegalArgumentException real = assertThrows(IllegalArgumentException.class, () -> Simulation.run(
                Plans.REGISTRY.find("concurrentimmix").orElseThrow(),
                new Options().heapBytes(1 << 20).threads(1).pacing(Pacing.REAL), trace));
        assertTrue(real.getMessage().startsWith("--pacing real needs at least 2 GC threads"), real.getMessage());
        for (String bad : new String[] {"0", "-3", "fast"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pacing.parse(bad));
            assertTrue(e.getMessage().startsWith("--pacing"), e.getMessage());
        }
    }
}
