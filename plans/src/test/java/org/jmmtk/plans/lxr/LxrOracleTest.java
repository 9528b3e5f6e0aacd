package org.jmmtk.plans.lxr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanOptionValues;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.ReachabilityOracle;
import org.junit.jupiter.api.Test;

/**
 * LXR's snapshot cycles against an independent reachability oracle (a shadow heap fed the same random
 * trace), with the sanity checker and the exact reference-count check after every pause. No pause
 * runs between a cycle's initial-satb and its final-satb, and the final-satb pause counts the marks
 * before its reference counting frees anything, so for every cycle, byte for byte: marked = reachable
 * at {@code snapshotRecord} + allocated from there to {@code finalMarkRecord} (what reference counting
 * frees in the final-satb pause, young objects that died and marked objects whose counts reach zero,
 * is part of both); floating garbage = marked - reachable at {@code finalMarkRecord}; the part of it
 * the pause left in the heap lies between 0 and all of it. And the logical result, cycles included, is
 * the same at 1, 2 and 4 GC threads, with the oracle's final live set.
 */
class LxrOracleTest {
    /** One cycle as the plan reported it in the final-satb pause that ended it. */
    private record Cycle(long snapshot, long finalMark, long marked, long allocated, long floating, long retained) {
    }

    private static TraceSource trace(long seed) {
        return RandomTraces.generate(seed * 7919, 8000, 1);
    }

    private static long heapFor(TraceSource trace) throws IOException {
        return Math.max(64 << 10, 3 * MaxLive.of(trace).bytes() / 2);
    }

    private static RunResult run(TraceSource trace, long heap, int threads, Pacing pacing, List<GcRecord> records)
            throws IOException {
        Options options = new Options().heapBytes(heap).threads(threads).sanity(true).pacing(pacing)
                .planOptions(PlanOptionValues.NONE.with(Plan.FLOATING_GARBAGE, 1));
        return Simulation.run(Plans.REGISTRY.find("lxr").orElseThrow(), options, trace,
                (mmtk, binding) -> mmtk.addListener(records::add));
    }

    private static List<Cycle> cycles(List<GcRecord> records) {
        List<Cycle> cycles = new ArrayList<>();
        for (GcRecord r : records) {
            Map<String, Long> s = r.planStats();
            if (s.containsKey("snapshotRecord")) {
                assertEquals(Lxr.FINAL_SATB.label, r.kind(), "a cycle ends in a final-satb pause");
                cycles.add(new Cycle(s.get("snapshotRecord"), s.get("finalMarkRecord"), s.get("markedBytes"),
                        s.get("allocatedDuringMarkingBytes"), s.get("floatingGarbageBytes"),
                        s.get("floatingGarbageRetainedBytes")));
            }
        }
        return cycles;
    }

    @Test
    void everyCycleMarksTheSnapshotPlusAllocationsAndItsFloatingGarbageIsExact() throws IOException {
        int checked = 0;
        long floating = 0;
        long freedByRc = 0;
        for (long seed = 1; seed <= 12; seed++) {
            TraceSource trace = trace(seed);
            long heap = heapFor(trace);
            for (int pacing : new int[] {1, 7, 40}) {
                List<GcRecord> records = new ArrayList<>();
                RunResult r = run(trace, heap, 2, Pacing.every(pacing), records);
                assertNull(r.outOfMemory(), r.outOfMemory());
                List<Cycle> cycles = cycles(records);
                ReachabilityOracle oracle = ReachabilityOracle.ofCycles(trace, records);
                for (Cycle c : cycles) {
                    String where = "seed " + seed + ", pacing " + pacing + ", " + c;
                    long allocated = oracle.allocated(c.finalMark) - oracle.allocated(c.snapshot);
                    assertEquals(allocated, c.allocated, where + ": allocated during marking");
                    assertEquals(oracle.reachable(c.snapshot) + allocated, c.marked, where + ": marked");
                    assertEquals(c.marked - oracle.reachable(c.finalMark), c.floating, where + ": floating garbage");
                    assertTrue(c.retained >= 0 && c.retained <= c.floating, where + ": retained floating garbage");
                    checked++;
                    floating += c.floating;
                    freedByRc += c.floating - c.retained;
                }
            }
        }
        assertTrue(checked >= 25, "only " + checked + " cycles checked");
        assertTrue(floating > 0 && freedByRc > 0, "floating garbage " + floating + ", freed by RC " + freedByRc);
    }

    @Test
    void finalLiveSetIsTheOraclesAndTheResultTheSameForEveryThreadCount() throws IOException {
        int cycles = 0;
        for (long seed = 1; seed <= 8; seed++) {
            TraceSource trace = trace(seed);
            long heap = heapFor(trace);
            ShadowHeap shadow = new ShadowHeap();
            trace.replay(shadow);
            String expected = null;
            for (int threads : new int[] {1, 2, 4}) {
                List<GcRecord> records = new ArrayList<>();
                RunResult r = run(trace, heap, threads, Pacing.every(seed % 2 == 0 ? 500 : 1 + (int) seed % 5 * 9), records);
                assertNull(r.outOfMemory(), r.outOfMemory());
                assertEquals(shadow.reachableBytes(), r.finalLiveBytes(), "seed " + seed + ", " + threads + " threads");
                List<Cycle> c = cycles(records);
                String actual = LogicalResult.of(r) + c;
                if (expected == null) {
                    expected = actual;
                    cycles += c.size();
                } else {
                    assertEquals(expected, actual, "seed " + seed + ": " + threads + " threads differ from 1");
                }
            }
        }
        assertTrue(cycles >= 6, "only " + cycles + " cycles");
    }
}
