package org.jmmtk.tools.lifetimes;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lifetimes --method sampled} and {@code lifetimes compare}: at 1/1 the sampled trace has a D
 * for every object the exact trace has one for, never earlier; the compare report has one entry per
 * rate asked for, with every death observed at 1/1; bad rates and options exit 2.
 */
class SampledLifetimesCommandTest {
    @TempDir
    Path dir;
    Path trace;

    @BeforeEach
    void randomTrace() {
        trace = dir.resolve("r.trace");
        assertEquals(0, Cli.run("trace", "gen", "random", "--seed", "5", "--scale", "0.05", "-o", trace.toString()).code());
    }

    @Test
    void sampledDeathsAreNeverBeforeTheExactOnes() throws IOException {
        Path exact = dir.resolve("exact.trace");
        Path sampled = dir.resolve("sampled.trace");
        assertEquals(0, Cli.run("lifetimes", trace.toString(), "--plan", "gencopy", "--heap-factor", "4", "-o", exact.toString()).code());
        Cli.Result r = Cli.run("lifetimes", trace.toString(), "--method", "sampled", "--sample", "1/1", "--plan", "gencopy",
                "--heap-factor", "4", "-o", sampled.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("sampled 1/1 on gencopy"), r.out());
        Map<String, Integer> exactAt = deathPositions(exact);
        Map<String, Integer> sampledAt = deathPositions(sampled);
        assertEquals(exactAt.keySet(), sampledAt.keySet(), "every death observed at 1/1");
        int later = 0;
        for (Map.Entry<String, Integer> e : sampledAt.entrySet()) {
            assertTrue(e.getValue() >= exactAt.get(e.getKey()), "object " + e.getKey() + " observed dead too early");
            later += e.getValue() > exactAt.get(e.getKey()) ? 1 : 0;
        }
        assertTrue(later > 0, "a collector observes most deaths late");
    }

    /** The number of allocations before each D record, by object. */
    private static Map<String, Integer> deathPositions(Path file) throws IOException {
        Map<String, Integer> at = new HashMap<>();
        int allocations = 0;
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("A ")) {
                allocations++;
            } else if (line.startsWith("D ")) {
                at.put(line.substring(2), allocations);
            }
        }
        return at;
    }

    @Test
    void compareReportsEachRateAskedFor() throws IOException {
        Path plot = dir.resolve("cdf.png");
        Cli.Result r = Cli.run("lifetimes", "compare", trace.toString(), "--samples", "1/1,1/3,1/50", "--plan", "semispace",
                "--heap-factor", "4", "--json", "--plot", plot.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, Object> report = JsonTree.object(r.out());
        List<?> rates = (List<?>) report.get("rates");
        assertEquals(List.of("1/1", "1/3", "1/50"), rates.stream().map(x -> ((Map<?, ?>) x).get("sample")).toList());
        Map<?, ?> all = (Map<?, ?>) ((Map<?, ?>) rates.get(0)).get("overall");
        assertEquals(1.0, ((Number) all.get("fractionObserved")).doubleValue());
        assertTrue(((Number) all.get("delayMean")).doubleValue() >= 0);
        assertTrue(((Number) all.get("delayMedian")).longValue() >= 0);
        double ks = ((Number) all.get("ksDistance")).doubleValue();
        assertTrue(ks >= 0 && ks <= 1, "KS " + ks);
        assertTrue(Files.size(plot) > 0);
        Cli.Result table = Cli.run("lifetimes", "compare", trace.toString(), "--samples", "1/10", "--heap-factor", "4");
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().lines().anyMatch(l -> l.trim().startsWith("1/10 ") && l.contains(" all ")), table.out());
    }

    @Test
    void pretenuredEphemeronsCostLessOnAGenerationalPlan() throws IOException {
        Cli.Result r = Cli.run("lifetimes", "compare", trace.toString(), "--samples", "1/1", "--plan", "gencopy",
                "--heap-factor", "3", "--pretenure", "--json");
        assertEquals(0, r.code(), r.err());
        Map<?, ?> rate = (Map<?, ?>) ((List<?>) JsonTree.object(r.out()).get("rates")).get(0);
        Map<?, ?> pretenured = (Map<?, ?>) rate.get("pretenured");
        assertTrue(((Number) pretenured.get("gcWork")).longValue() < ((Number) rate.get("gcWork")).longValue(),
                "ephemerons in the mature space are not copied by every nursery collection: " + r.out());
    }

    @Test
    void badRatesAndOptionsExitTwo() {
        for (String rate : List.of("2/3", "1/0", "1/-4", "half", "1/", "1/99999999999")) {
            Cli.Result r = Cli.run("lifetimes", "compare", trace.toString(), "--samples", rate);
            assertEquals(2, r.code(), rate);
            Hostile.assertCleanMessage(r);
        }
        assertEquals(2, Cli.run("lifetimes", trace.toString(), "--sample", "1/2", "-o", dir.resolve("x").toString()).code());
        assertEquals(2, Cli.run("lifetimes", trace.toString()).code());
        assertEquals(2, Cli.run("run", "--sample", "1/2").code());
        assertEquals(2, Cli.run("lifetimes", "compare", trace.toString(), "--plot", dir.resolve("x.txt").toString()).code());
        assertTrue(!Files.exists(dir.resolve("x")));
    }
}
