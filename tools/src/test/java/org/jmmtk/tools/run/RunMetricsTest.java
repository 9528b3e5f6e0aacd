package org.jmmtk.tools.run;

import org.jmmtk.tools.BruteForceMmu;
import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.stats.PausePercentiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The metrics of issue 11 in {@code run --json}: collection start and end times, GC counts by kind,
 * space-time, ordered pause percentiles, and an MMU that an independent brute force recomputes from
 * {@code collections[]}; and the same metrics in the table.
 */
class RunMetricsTest {
    private static final List<Long> MMU_WINDOWS_MS = List.of(1L, 2L, 5L, 10L, 20L, 50L, 100L);
    private static Map<String, Object> json;

    @BeforeAll
    static void run() throws IOException {
        Cli.Result r = Cli.run("run", "--plan", "semispace", "--workload", "binarytrees", "--scale", "0.3", "--heap",
                "4m", "--threads", "2", "--json");
        assertEquals(0, r.code(), r.err());
        json = JsonTree.object(r.out());
    }

    private static double decimal(Map<String, Object> object, String field) {
        return ((Number) object.get(field)).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(String field) {
        return (List<Map<String, Object>>) json.get(field);
    }

    @Test
    void everyNewFieldIsThere() {
        for (String field : List.of("nurseryGcCount", "fullGcCount", "windowGcCount", "rcGcCount", "spaceTime",
                "pauseP50Ms", "pauseP90Ms", "pauseP99Ms", "pauseP999Ms", "wallMs", "mmu")) {
            assertTrue(json.containsKey(field), "missing field " + field);
        }
        for (Map<String, Object> c : list("collections")) {
            assertTrue(c.containsKey("startMs") && c.containsKey("endMs"), c.toString());
        }
        for (Map<String, Object> point : list("mmu")) {
            assertEquals(List.of("windowMs", "utilization"), List.copyOf(point.keySet()));
        }
    }

    @Test
    void collectionsAreDisjointIntervalsOnTheRunsClock() {
        List<Map<String, Object>> collections = list("collections");
        assertTrue(collections.size() >= 5, "too few collections to test: " + collections.size());
        double previousEnd = 0;
        for (Map<String, Object> c : collections) {
            double start = decimal(c, "startMs");
            double end = decimal(c, "endMs");
            assertTrue(previousEnd <= start && start <= end, c.toString());
            assertEquals(end - start, decimal(c, "pauseMs"), 1e-6, c.toString());
            previousEnd = end;
        }
        assertTrue(previousEnd <= decimal(json, "wallMs"));
    }

    @Test
    void gcCountsByKindAddUp() {
        long nursery = list("collections").stream().filter(c -> c.get("kind").equals("nursery")).count();
        long full = list("collections").stream().filter(c -> c.get("kind").equals("full")).count();
        assertEquals(nursery, ((Number) json.get("nurseryGcCount")).longValue());
        assertEquals(full, ((Number) json.get("fullGcCount")).longValue());
        assertEquals(0, ((Number) json.get("windowGcCount")).longValue());
        assertEquals(0, ((Number) json.get("rcGcCount")).longValue());
        assertEquals(nursery + full, ((Number) json.get("gcCount")).longValue());
    }

    @Test
    void pausePercentilesAreOrderedAndBoundedByTheMaximum() {
        double last = 0;
        for (String field : List.of("pauseP50Ms", "pauseP90Ms", "pauseP99Ms", "pauseP999Ms", "pauseMaxMs")) {
            double value = decimal(json, field);
            assertTrue(last <= value, field + " " + value + " is below the percentile before it, " + last);
            last = value;
        }
        double longest = 0;
        for (Map<String, Object> c : list("collections")) {
            longest = Math.max(longest, decimal(c, "pauseMs"));
        }
        assertEquals(longest, decimal(json, "pauseMaxMs"), 1e-9);
        assertTrue(decimal(json, "pauseP50Ms") > 0);
    }

    @Test
    void spaceTimeIsPositiveAndWithinTheHeapTimesAllocation() {
        double spaceTime = decimal(json, "spaceTime");
        double peak = decimal(json, "heapBytes");
        for (Map<String, Object> c : list("collections")) {
            peak = Math.max(peak, decimal(c, "usedBytesBefore"));
        }
        assertTrue(spaceTime > 0 && spaceTime <= peak * decimal(json, "bytesAllocated"), "spaceTime " + spaceTime);
    }

    @Test
    void mmuOfARunEqualsAnIndependentRecomputationFromCollections() {
        assertMmuRecomputes(json);
    }

    /** Pauses placed at random (so that no window is trivially 0 or 1) on a run of 400 ms, through the JSON. */
    @Test
    @SuppressWarnings("unchecked")
    void mmuOfRandomPausesEqualsAnIndependentRecomputation() throws IOException {
        Random random = new Random(2026);
        for (int run = 0; run < 20; run++) {
            List<GcRecord> collections = new ArrayList<>();
            long wall = 400_000_000;
            long t = random.nextInt(3_000_000);
            while (true) {
                long pause = 50_000 + random.nextInt(4_000_000);
                if (t + pause > wall) {
                    break;
                }
                collections.add(GcRecord.builder(collections.size() + 1, "full", "heap-full").span(t, t + pause)
                        .build());
                t += pause + random.nextInt(run % 2 == 0 ? 20_000_000 : 2_000_000);
            }
            RunResult result = new RunResult("p", "s", 1 << 20, HeapGeometry.forHeap(1 << 20), 1, 4096,
                    collections.size(), 0, 0, 0, 0, 0, 0, null, null, 0, 0, new PausePercentiles(0, 0, 0, 0), 0, 0, null,
                    collections, Map.of(), wall, 0, null, Map.of(), List.of("full"), List.of());
            StringWriter text = new StringWriter();
            RunReport.json(result, "workload", 0, new PrintWriter(text));
            Map<String, Object> parsed = JsonTree.object(text.toString());
            assertMmuRecomputes(parsed);
            boolean between = false;
            for (Map<String, Object> point : (List<Map<String, Object>>) parsed.get("mmu")) {
                double u = decimal(point, "utilization");
                between |= u > 0.01 && u < 0.99;
            }
            assertTrue(between, "every MMU is 0 or 1: " + parsed.get("mmu"));
        }
    }

    @SuppressWarnings("unchecked")
    private static void assertMmuRecomputes(Map<String, Object> json) {
        List<Map<String, Object>> mmu = (List<Map<String, Object>>) json.get("mmu");
        BruteForceMmu brute = new BruteForceMmu(json);
        assertEquals(MMU_WINDOWS_MS.size(), mmu.size());
        double previousWindow = 0;
        for (int i = 0; i < mmu.size(); i++) {
            Map<String, Object> point = mmu.get(i);
            double w = decimal(point, "windowMs");
            assertEquals(MMU_WINDOWS_MS.get(i).doubleValue(), w);
            assertTrue(w > previousWindow);
            previousWindow = w;
            double u = decimal(point, "utilization");
            assertTrue(0 <= u && u <= 1, point.toString());
            assertEquals(brute.mmu(w), u, 1e-3, "MMU(" + w + " ms)");
        }
        double pauseTotal = 0;
        for (Map<String, Object> c : (List<Map<String, Object>>) json.get("collections")) {
            pauseTotal += decimal(c, "pauseMs");
        }
        assertEquals(1 - pauseTotal / decimal(json, "wallMs"), brute.mmu(decimal(json, "wallMs")), 1e-9);
    }

    @Test
    void tableShowsTheNewMetrics() {
        Cli.Result r = Cli.run("run", "--plan", "semispace", "--workload", "binarytrees", "--scale", "0.02", "--heap",
                "1m", "--threads", "1");
        assertEquals(0, r.code(), r.err());
        List<String> names = r.out().lines().map(String::strip).toList();
        for (String row : List.of("full GCs", "space-time (B x B)", "pause p50 / p90", "pause p99 / p99.9",
                "MMU 1 / 10 / 100 ms")) {
            assertTrue(names.stream().anyMatch(line -> line.startsWith(row)), "no row " + row + " in\n" + r.out());
        }
    }
}
