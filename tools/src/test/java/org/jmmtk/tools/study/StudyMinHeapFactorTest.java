package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.Studies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code minHeapFactors} in a study: each task's heap is the factor times the minimum heap the {@code minheap}
 * command finds for its plan and program (rounded up), recorded in the result files and the merged CSV; a
 * factor below 1 or not a number is bad input naming its line.
 */
class StudyMinHeapFactorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROGRAM = """
            workloads:
              - workload: random
                seeds: [3]
                scales: [0.2]
            threads: [1]
            """;

    @TempDir
    Path dir;

    /** What {@code minheap --json} answers for {@code plan} on the study's program. */
    private static long minheap(String plan) throws IOException {
        Cli.Result r = Cli.run("minheap", "--plan", plan, "--workload", "random", "--seed", "3", "--scale", "0.2",
                "--threads", "1", "--json");
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out()).get("plans").get(0).get("minHeapBytes").asLong();
    }

    @Test
    void heapsAreTheFactorTimesMinheapsAnswerRoundedUp() throws IOException {
        Path config = Studies.write(dir, "min.yaml", "plans: [semispace, marksweep]\nminHeapFactors: [1.5, 2]\n" + PROGRAM);
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("study", config.toString(), "--out-dir", out.toString(), "--shard", "0/1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains(": 0 skipped (results exist), 4 ok, 0 out of memory, 0 failed;"), r.out());
        List<Long> seen = new ArrayList<>();
        for (String plan : List.of("semispace", "marksweep")) {
            long min = minheap(plan);
            for (String factor : List.of("1p5", "2")) {
                double f = factor.equals("2") ? 2 : 1.5;
                JsonNode result = JSON.readTree(out.resolve("random-s3-x0p2.mhf" + factor + "." + plan + ".t1.r0.json").toFile());
                long heap = (long) Math.ceil(f * min);
                assertEquals("ok", result.get("outcome").asText(), result.toString());
                assertEquals(heap, result.get("heapBytes").asLong(), plan + " x" + f);
                assertEquals(min, result.get("minHeapBytes").asLong());
                assertEquals(f, result.get("task").get("minHeapFactor").asDouble());
                List<String> command = new ArrayList<>();
                result.get("command").forEach(c -> command.add(c.asText()));
                assertEquals(Long.toString(heap), command.get(command.indexOf("--heap") + 1));
                assertEquals(heap, result.get("run").get("heapBytes").asLong(), "the run had that heap");
                seen.add(heap);
            }
        }
        assertTrue(seen.get(0) < seen.get(1) && seen.get(2) < seen.get(3), seen.toString());

        Path csv = dir.resolve("min.csv");
        Cli.Result merged = Cli.run("study", "merge", out.toString(), "-o", csv.toString());
        assertEquals(0, merged.code(), merged.err());
        List<Map<String, String>> rows = Studies.csv(csv);
        assertEquals(4, rows.size());
        for (Map<String, String> row : rows) {
            long min = minheap(row.get("plan"));
            assertEquals(min, Long.parseLong(row.get("minHeapBytes")), row.toString());
            double f = Double.parseDouble(row.get("minHeapFactor"));
            assertTrue(f == 1.5 || f == 2, row.toString());
        }
    }

    @Test
    void aFactorBelowOneOrNotANumberExitsTwoNamingItsLine() throws IOException {
        for (String bad : List.of("0.5", "two")) {
            Path config = Studies.write(dir, "bad.yaml", "plans: [semispace]\nminHeapFactors:\n  - 2\n  - " + bad + "\n" + PROGRAM);
            Map<Path, String> before = Hostile.snapshot(dir);
            Cli.Result r = Cli.run("study", config.toString(), "--out-dir", dir.resolve("out").toString(), "--shard", "0/1");
            assertEquals(2, r.code(), r.out() + r.err());
            Hostile.assertCleanMessage(r);
            assertTrue(r.err().startsWith("jmmtk: " + config + ":4: minHeapFactors[1]: expected a minimum-heap factor "
                    + "(a number from 1 to 1000000), got"), r.err());
            Hostile.assertUnchanged(before, dir);
            assertTrue(Files.notExists(dir.resolve("out")));
        }
        Path both = Studies.write(dir, "both.yaml", "plans: [semispace]\nheapFactors: [2]\nminHeapFactors: [2]\n" + PROGRAM);
        Cli.Result r = Cli.run("study", both.toString(), "--out-dir", dir.resolve("out").toString(), "--shard", "0/1");
        assertEquals(2, r.code(), r.err());
        assertEquals("jmmtk: " + both + ":3: give one of heapFactors, minHeapFactors and heaps, not heapFactors and "
                + "minHeapFactors\n", r.err());
    }
}
