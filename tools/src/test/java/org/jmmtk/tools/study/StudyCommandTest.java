package org.jmmtk.tools.study;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.Studies;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jmmtk.tools.plot.SvgText;

/**
 * {@code jmmtk study} end to end on one machine: every task a child JVM with one result file, out of
 * memory recorded as a result, a failing task recorded without stopping the others and retried on the
 * next run, finished tasks skipped, the merge's medians and missing tasks, the plots.
 */
class StudyCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static Path config;
    private static Path out;
    private static Cli.Result first;

    @BeforeAll
    static void runTheStudy() throws IOException {
        config = Studies.write(dir, "tiny.yaml", Studies.TINY + "repeat: 2\n");
        out = dir.resolve("tiny-out");
        // --shard 0/1 (all tasks) so that a Slurm or Kubernetes environment around the build changes nothing
        first = Cli.run("study", config.toString(), "--out-dir", out.toString(), "--jobs", "2", "--shard", "0/1");
    }

    private static JsonNode result(String name) throws IOException {
        return JSON.readTree(out.resolve(name + ".json").toFile());
    }

    @Test
    void everyTaskHasOneResultAndOutOfMemoryIsAResult() throws IOException {
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().startsWith("study tiny.yaml: 8 of 8 tasks (--shard 0/1) in " + out
                + ": 0 skipped (results exist), 4 ok, 4 out of memory, 0 failed;"), first.out());
        List<String> files;
        try (Stream<Path> list = Files.list(out)) {
            files = list.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(9, files.size(), files.toString());
        assertTrue(files.contains("study.json"));
        JsonNode oom = result("random-s1-x0p2.hf1p05.semispace.t1.r1");
        assertEquals("oom", oom.get("outcome").asText());
        assertEquals(1, oom.get("exitCode").asInt());
        assertTrue(oom.get("message").asText().startsWith("out of memory: plan semispace"), oom.toString());
        assertTrue(oom.get("run").get("outOfMemory").asBoolean());
        JsonNode ok = result("random-s1-x0p2.hf3.marksweep.t1.r0");
        assertEquals("ok", ok.get("outcome").asText());
        assertEquals(3, ok.get("task").get("index").asInt());
        assertEquals("marksweep", ok.get("task").get("plan").asText());
        assertEquals(3.0, ok.get("task").get("heapFactor").asDouble());
    }

    @Test
    void aResultIsReproducedByItsCommandAndItsHeapIsRunsHeapFactor() throws IOException {
        JsonNode stored = result("random-s1-x0p2.hf3.marksweep.t1.r0");
        List<String> command = new ArrayList<>();
        stored.get("command").forEach(c -> command.add(c.asText()));
        Cli.Result again = Cli.run(command.toArray(String[]::new));
        assertEquals(0, again.code(), again.err());
        JsonNode rerun = JSON.readTree(again.out());
        for (String field : List.of("heapBytes", "gcCount", "bytesAllocated", "bytesMarked", "markCons", "finalLiveBytes")) {
            assertEquals(stored.get("run").get(field), rerun.get(field), field);
        }
        Cli.Result byFactor = Cli.run("run", "--plan", "marksweep", "--workload", "random", "--seed", "1", "--scale", "0.2",
                "--heap-factor", "3", "--threads", "1", "--json");
        JsonNode f = JSON.readTree(byFactor.out());
        assertEquals(f.get("heapBytes").asLong(), stored.get("heapBytes").asLong());
        assertEquals(f.get("maxLiveBytes").asLong(), stored.get("maxLiveBytes").asLong());
    }

    @Test
    void aSecondRunSkipsFinishedTasksAndChangesNothing() throws IOException {
        assertEquals(0, first.code(), first.err());
        Map<Path, String> before = Hostile.snapshot(out);
        Cli.Result again = Cli.run("study", config.toString(), "--out-dir", out.toString(), "--shard", "0/1");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains(": 8 skipped (results exist), 0 ok, 0 out of memory, 0 failed;"), again.out());
        Hostile.assertUnchanged(before, out);
    }

    @Test
    void mergeTakesMediansOverRepetitions() throws IOException {
        Path csv = dir.resolve("tiny.csv");
        Cli.Result r = Cli.run("study", "merge", out.toString(), "-o", csv.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("merged 8 results of 8 tasks into 4 rows of " + csv + "\n", r.out());
        List<Map<String, String>> rows = Studies.csv(csv);
        assertEquals(List.of("plan", "heapFactor", "workload", "seed", "scale", "threads", "repeats", "outcome",
                "maxLiveBytes", "heapBytes"), List.copyOf(rows.get(0).keySet()).subList(0, 10));
        assertEquals(List.of("oom", "oom", "ok", "ok"), rows.stream().map(m -> m.get("outcome")).toList());
        assertEquals(List.of("1.05", "1.05", "3", "3"), rows.stream().map(m -> m.get("heapFactor")).toList());
        Map<String, String> ms = rows.get(3);
        assertEquals("marksweep", ms.get("plan"));
        assertEquals("2", ms.get("repeats"));
        JsonNode r0 = result("random-s1-x0p2.hf3.marksweep.t1.r0").get("run");
        JsonNode r1 = result("random-s1-x0p2.hf3.marksweep.t1.r1").get("run");
        assertEquals(r0.get("gcCount"), r1.get("gcCount"));
        assertEquals(r0.get("gcCount").asText(), ms.get("gcCount"));
        assertEquals((r0.get("pauseTotalMs").asDouble() + r1.get("pauseTotalMs").asDouble()) / 2,
                Double.parseDouble(ms.get("pauseTotalMs")), 1e-9);
        assertEquals("false", ms.get("outOfMemory"));
        assertEquals(r0.get("heapGeometry").get("pageBytes").asText(), ms.get("heapGeometry.pageBytes"));
        assertTrue(ms.containsKey("mmu.10ms"));
        // the bootstrap interval of the median of two repetitions spans both of them
        double lowPause = Math.min(r0.get("pauseTotalMs").asDouble(), r1.get("pauseTotalMs").asDouble());
        double highPause = Math.max(r0.get("pauseTotalMs").asDouble(), r1.get("pauseTotalMs").asDouble());
        assertEquals(lowPause, Double.parseDouble(ms.get("pauseTotalMs.low95")), 1e-9);
        assertEquals(highPause, Double.parseDouble(ms.get("pauseTotalMs.high95")), 1e-9);
        assertEquals(ms.get("gcCount"), ms.get("gcCount.low95"));
        assertEquals(ms.get("gcCount"), ms.get("gcCount.high95"));
    }

    @Test
    void mergeListsMissingTasksAndExitsOne() throws IOException {
        Path copy = dir.resolve("missing");
        copyDir(out, copy);
        Files.delete(copy.resolve("random-s1-x0p2.hf3.semispace.t1.r1.json"));
        Path csv = dir.resolve("missing.csv");
        Cli.Result r = Cli.run("study", "merge", copy.toString(), "-o", csv.toString());
        assertEquals(1, r.code(), r.err());
        assertEquals("jmmtk: 1 of 8 tasks have no result: 6 random-s1-x0p2.hf3.semispace.t1.r1 "
                + "(run the study again to run them; merged what there is)\n", r.err());
        Map<String, String> row = Studies.csv(csv).get(2);
        assertEquals("semispace", row.get("plan"));
        assertEquals("1", row.get("repeats"));
    }

    @Test
    void aFailingTaskIsRecordedWithoutStoppingTheOthersAndRetriedNextTime() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("failing"));
        Path good = TraceText.write(sub.resolve("good.trace"), "#jmmtk-trace 2\nA 0 1 24 1\nR 0 0 1\nA 0 2 24 0\n");
        Path bad = TraceText.write(sub.resolve("bad.trace"), "#jmmtk-trace 2\nA 0 1 24 1\nW 0 1 0 2\n");
        Path cfg = Studies.write(sub, "f.yaml", "plans: [nogc]\nheaps: [64k]\ntraces: [good.trace, bad.trace]\n");
        Path results = sub.resolve("results");
        Cli.Result r = Cli.run("study", cfg.toString(), "--out-dir", results.toString(), "--shard", "0/1", "--jobs", "2");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("1 ok, 0 out of memory, 1 failed"), r.out());
        assertTrue(r.err().endsWith("jmmtk: 1 task failed (their result files hold the messages; run the study again to "
                + "retry them): 1 bad.h64k.nogc.t1.r0\n"), r.err());
        JsonNode failed = JSON.readTree(results.resolve("bad.h64k.nogc.t1.r0.json").toFile());
        assertEquals("failed", failed.get("outcome").asText());
        assertEquals(2, failed.get("exitCode").asInt());
        assertTrue(failed.get("message").asText().contains("bad.trace:3: reference to object 2, which was never allocated"),
                failed.toString());
        assertTrue(failed.get("run").isNull());
        Cli.Result merge = Cli.run("study", "merge", results.toString(), "-o", sub.resolve("f.csv").toString());
        assertEquals(1, merge.code());
        assertTrue(merge.err().startsWith("jmmtk: 1 failed: 1 bad.h64k.nogc.t1.r0"), merge.err());
        TraceText.write(bad, "#jmmtk-trace 2\nA 0 1 24 1\n");
        Cli.Result retry = Cli.run("study", cfg.toString(), "--out-dir", results.toString(), "--shard", "0/1");
        assertEquals(0, retry.code(), retry.err());
        assertTrue(retry.out().contains(": 1 skipped (results exist), 1 ok, 0 out of memory, 0 failed;"), retry.out());
        assertTrue(good.toFile().exists());
    }

    @Test
    void plotDrawsEveryFigureAsPngAndSvg() throws IOException {
        Path csv = dir.resolve("plot.csv");
        assertEquals(0, Cli.run("study", "merge", out.toString(), "-o", csv.toString()).code());
        Path plots = dir.resolve("plots");
        Cli.Result r = Cli.run("study", "plot", csv.toString(), "-o", plots.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("wrote 3 figures (PNG and SVG) into " + plots + "\n", r.out());
        for (String figure : List.of("gc-time", "mark-cons", "gc-count")) {
            byte[] png = Files.readAllBytes(plots.resolve("random-s1-x0p2." + figure + ".png"));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4), figure);
            SvgText.read(plots.resolve("random-s1-x0p2." + figure + ".svg")).has("heap factor (x maximum live size)",
                    "semispace", "marksweep", "out of memory (marked at the axis)");
        }
    }

    @Test
    void listPrintsIndexTabName() {
        Cli.Result r = Cli.run("study", config.toString(), "--list", "--shard", "1/3");
        assertEquals(0, r.code(), r.err());
        assertEquals("1\trandom-s1-x0p2.hf1p05.marksweep.t1.r0\n4\trandom-s1-x0p2.hf1p05.semispace.t1.r1\n"
                + "7\trandom-s1-x0p2.hf3.marksweep.t1.r1\n", r.out());
    }

    @Test
    void helpIsClean() {
        for (String[] command : List.of(new String[] {"study", "--help"}, new String[] {"study", "merge", "--help"},
                new String[] {"study", "plot", "--help"})) {
            Cli.Result r = Cli.run(command);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("Usage: jmmtk " + String.join(" ", List.of(command).subList(0, command.length - 1))),
                    r.out());
            assertEquals("", r.err());
        }
    }

    private static void copyDir(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.naturalOrder())::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
