package org.jmmtk.tools.minheap;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;

/**
 * {@code jmmtk minheap}: the heap it reports completes the run and 99% of it does not; {@code --plan all}
 * has a row per plan; its maximum live size is the exact one.
 */
class MinHeapCommandTest {
    private static final String[] RANDOM = {"--workload", "random", "--seed", "4", "--scale", "0.2", "--threads", "1"};

    private static String[] args(String... more) {
        String[] all = new String[more.length + RANDOM.length];
        System.arraycopy(more, 0, all, 0, more.length);
        System.arraycopy(RANDOM, 0, all, more.length, RANDOM.length);
        return all;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> plan(Map<String, Object> json, int i) {
        return (Map<String, Object>) ((List<Object>) json.get("plans")).get(i);
    }

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    @Test
    void reportedHeapCompletesAndNinetyNinePercentOfItDoesNot() throws IOException {
        Cli.Result r = Cli.run(args("minheap", "--plan", "semispace", "--json"));
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        MaxLive.Result exact = MaxLive.of(Workloads.REGISTRY.find("random").orElseThrow().factory().create(4, 0.2));
        assertEquals(exact.bytes(), number(json, "maxLiveBytes"));
        Map<String, Object> p = plan(json, 0);
        long heap = number(p, "minHeapBytes");
        assertTrue(heap > exact.bytes(), "above the maximum live size: " + heap);
        assertEquals((double) heap / exact.bytes(), ((Number) p.get("factor")).doubleValue(), 1e-12);
        assertEquals(0, Cli.run(args("run", "--plan", "semispace", "--heap", Long.toString(heap))).code());
        long below = (long) Math.floor(0.99 * heap);
        Cli.Result smaller = Cli.run(args("run", "--plan", "semispace", "--heap", Long.toString(below)));
        assertEquals(1, smaller.code(), "99% of the minimum heap, " + below + " bytes, runs out of memory");
        assertTrue(number(p, "failedHeapBytes") >= below, "the search saw a failure within 1%");
    }

    @Test
    void allPlansGiveARowEach() {
        Cli.Result r = Cli.run(args("minheap", "--plan", "all"));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("minheap: random (seed 4, scale 0.2), maximum live size "), lines.get(0));
        assertEquals(Plans.REGISTRY.all().size() + 2, lines.size(), r.out());
        for (int i = 0; i < Plans.REGISTRY.all().size(); i++) {
            assertEquals(Plans.REGISTRY.all().get(i).name(), lines.get(i + 2).split("\\s+")[0]);
        }
    }

    @Test
    void startsFromAGivenHeapFactor() throws IOException {
        Cli.Result r = Cli.run(args("minheap", "--plan", "semispace", "--heap-factor", "64", "--json"));
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        Map<String, Object> p = plan(json, 0);
        assertTrue(number(p, "minHeapBytes") <= 64 * number(json, "maxLiveBytes"), r.out());
        assertTrue(number(p, "failedHeapBytes") < number(p, "minHeapBytes"), r.out());
    }
}
