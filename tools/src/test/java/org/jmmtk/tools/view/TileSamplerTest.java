package org.jmmtk.tools.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tiles against the heap, for every registered plan (so plans added later are checked too): at
 * every frame, each space's tiles sum to the bytes of its objects counted by an independent walk of the
 * valid-object bits; no tile holds more used plus free memory than its size, nor more live than used
 * bytes; and what the frames show after each collection does not depend on the number of GC threads.
 */
class TileSamplerTest {
    static List<String> plans() {
        return Plans.REGISTRY.all().stream().map(Plans.Entry::name).toList();
    }

    @ParameterizedTest
    @MethodSource("plans")
    void tilesSumToTheObjectsOfEachSpace(String plan) throws Exception {
        List<String> afterGcs1 = new ArrayList<>();
        AtomicInteger frames = checkedRun(plan, 1, afterGcs1);
        assertTrue(frames.get() > 3, plan + ": only " + frames.get() + " frames");
        List<String> afterGcs2 = new ArrayList<>();
        checkedRun(plan, 2, afterGcs2);
        assertEquals(afterGcs1, afterGcs2, plan + ": frames after collections differ between 1 and 2 GC threads");
    }

    private static AtomicInteger checkedRun(String plan, int threads, List<String> afterGcs) throws Exception {
        AtomicInteger frames = new AtomicInteger();
        ViewRun[] run = new ViewRun[1];
        int[] lastGc = {-1};
        run[0] = new ViewRun(plan, "binarytrees", 0.05, 512 << 10, threads, 700, frame -> {
            frames.incrementAndGet();
            check(run[0].mmtk.get(), frame, plan);
            if (frame.gcCount() != lastGc[0]) {
                lastGc[0] = frame.gcCount();
                StringBuilder s = new StringBuilder("GC " + frame.gcCount());
                for (HeapFrame.SpaceFrame sf : frame.spaces()) {
                    s.append(' ').append(sf.name()).append(':').append(sf.total(HeapFrame.USED)).append('/')
                            .append(sf.total(HeapFrame.LIVE));
                }
                afterGcs.add(s.toString());
            }
        }, r -> { });
        try (ViewRun r = run[0].start()) {
            r.join();
        }
        return frames;
    }

    /** On the simulation thread, while the heap is still. */
    private static void check(MMTK mmtk, HeapFrame frame, String plan) {
        SideBitmap valid = mmtk.plan().heap().validObjects();
        for (Space space : mmtk.spaces().all()) {
            long bytes = 0;
            for (long o = valid.next(space.start(), space.end()); o >= 0; o = valid.next(o + 8, space.end())) {
                bytes += ObjectModel.size(mmtk.memory(), o);
            }
            HeapFrame.SpaceFrame s = frame.space(space.name());
            String where = plan + " " + space.name() + " frame " + frame.seq();
            assertEquals(bytes, s.total(HeapFrame.USED), where + ": tiles' used bytes");
            long[] ranges = s.ranges();
            long rangeBytes = 0;
            for (int i = 0; i < ranges.length; i += 2) {
                assertTrue(ranges[i] >= s.start() && ranges[i] < ranges[i + 1] && ranges[i + 1] <= s.extentEnd(),
                        where + ": range " + i / 2 + " outside the space");
                assertTrue(i == 0 || ranges[i] > ranges[i - 1], where + ": ranges overlap, touch or are unordered");
                rangeBytes += ranges[i + 1] - ranges[i];
            }
            if (s.rangeCount() == ranges.length / 2) {
                assertEquals(s.total(HeapFrame.FREE), rangeBytes, where + ": the ranges are the free memory");
            }
            long[][] v = s.streams();
            for (int t = 0; t < s.tileCount(); t++) {
                long tileLength = Math.min(s.tileBytes(), s.extentEnd() - (s.start() + t * s.tileBytes()));
                assertTrue(v[HeapFrame.USED][t] + v[HeapFrame.FREE][t] <= tileLength,
                        where + " tile " + t + ": used " + v[HeapFrame.USED][t] + " + free " + v[HeapFrame.FREE][t]
                                + " > " + tileLength);
                assertTrue(v[HeapFrame.LIVE][t] <= v[HeapFrame.USED][t], where + " tile " + t + ": live > used");
                assertTrue(v[HeapFrame.NEW][t] <= v[HeapFrame.OBJECTS][t], where + " tile " + t + ": new > objects");
                assertTrue(v[HeapFrame.FRAGMENTATION][t] >= 0 && v[HeapFrame.FRAGMENTATION][t] < 1000, where);
            }
        }
    }

    @Test
    void aTileSizeDoesNotChangeTheTotals() throws Exception {
        List<Long> totals = new ArrayList<>();
        ViewRun[] run = new ViewRun[1];
        run[0] = new ViewRun("immix", "binarytrees", 0.05, 512 << 10, 1, 100_000, frame -> {
            if (frame.gcCount() == 3 && totals.isEmpty()) {
                for (long tile : new long[] {64, 256, 4096, 1 << 16}) {
                    run[0].plugin.setTileBytes(tile);
                    HeapFrame.SpaceFrame s = frameNow(run[0], tile).space("immix");
                    totals.add(s.total(HeapFrame.USED));
                    totals.add(s.total(HeapFrame.FREE));
                    totals.add(s.total(HeapFrame.LIVE));
                }
            }
        }, r -> r.plugin.addTrigger("gc-end gc = 3"));
        try (ViewRun r = run[0].start()) {
            r.control.awaitBlocked(0, 60_000);
            r.control.resume();
            r.join();
        }
        assertEquals(12, totals.size());
        for (int i = 3; i < totals.size(); i++) {
            assertEquals(totals.get(i % 3), totals.get(i), "totals at tile size #" + i / 3);
        }
        assertTrue(totals.get(0) > 0 && totals.get(1) > 0, "immix has objects and free lines: " + totals);
    }

    /** Samples now, on the simulation thread, with tiles of {@code tile} bytes. */
    private static HeapFrame frameNow(ViewRun run, long tile) {
        return new HeapFrame(0, "", "", "test", 0, 0, 0, 0, 0,
                new TileSampler(run.mmtk.get().spaces().all(), run.mmtk.get().memory())
                        .sample(tile, java.util.Set.of(), java.util.Map.of(), 0, run.mmtk.get().geometry().pageBytes()),
                List.of(), List.of());
    }
}
