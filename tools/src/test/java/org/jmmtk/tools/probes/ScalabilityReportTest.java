package org.jmmtk.tools.probes;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.probes.ProbeSession;
import org.jmmtk.probes.Tracepoints;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code probes --report scalability} on real recordings: work adds up to the packets' time, the span lies
 * between the longest packet and the work, each worker's busy and idle times add up to the pauses; a
 * recording of several runs must be split with {@code --run}; hostile inputs end with exit code 2.
 */
class ScalabilityReportTest {
    @TempDir
    static Path dir;

    private static Path first;
    private static Path second;

    @BeforeAll
    static void record() {
        first = dir.resolve("a.jfr");
        second = dir.resolve("b.jfr");
        for (Path p : List.of(first, second)) {
            Cli.Result r = Cli.run("run", "--plan", "semispace", "--workload", "widetree", "--scale", "0.05", "--heap",
                    "4m", "--threads", "2", "--jfr", p.toString());
            assertEquals(0, r.code(), r.err());
        }
    }

    private static Map<String, Object> json(String... args) throws IOException {
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.code(), r.err());
        return JsonTree.object(r.out());
    }

    private static double num(Map<String, Object> m, String field) {
        return ((Number) m.get(field)).doubleValue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void workSpanAndIdleTimesAddUp() throws IOException {
        Map<String, Object> s = json("probes", first.toString(), "--report", "scalability", "--json");
        Map<String, Object> packets = json("probes", first.toString(), "--report", "packets", "--json");
        Map<String, Object> overall = (Map<String, Object>) s.get("overall");
        assertEquals("CPU time", s.get("packetTimes"));
        assertTrue(num(overall, "workMs") > 0);
        assertTrue(num(overall, "workMs") <= num(packets, "totalMs") + 1e-3, "a packet's CPU time is within its elapsed time");
        assertTrue(num(overall, "spanMs") <= num(overall, "workMs") + 1e-6);
        assertTrue(num(overall, "parallelism") >= 1);
        Map<String, Object> median = (Map<String, Object>) s.get("median");
        assertTrue(num(median, "closureSpanMs") <= num(median, "closureWorkMs") + 1e-6);
        assertTrue(num(median, "spanMs") > 0 && num(median, "spanMs") <= num(median, "workMs") + 1e-6);
        for (Map<String, Object> w : (List<Map<String, Object>>) s.get("workerIdle")) {
            double sum = num(w, "busyMs");
            for (String reason : List.of("beforeFirst", "bucket", "starvation", "stealing", "wakeup", "termination")) {
                sum += num(w, reason + "Ms");
            }
            assertEquals(num(overall, "pauseMs"), sum, 1e-3, "worker " + w.get("worker"));
        }
        for (Map<String, Object> c : (List<Map<String, Object>>) s.get("collections")) {
            List<Map<String, Object>> span = (List<Map<String, Object>>) c.get("span");
            assertEquals("start", span.get(0).get("link"));
            Map<String, Object> end = span.get(span.size() - 1);
            assertEquals(num(c, "spanMs"), num(end, "startMs") + num(end, "ms"), 1e-6, "the path ends at the span");
            for (Map<String, Object> step : span) {
                assertTrue(num(step, "startMs") + num(step, "ms") <= num(c, "spanMs") + 1e-6,
                        "every packet on the path ends within the span");
            }
            for (int i = 1; i < span.size(); i++) {
                assertTrue(num(span.get(i), "startMs") >= num(span.get(i - 1), "startMs"));
            }
        }
        Cli.Result table = Cli.run("probes", first.toString(), "--report", "scalability");
        assertTrue(table.out().contains("parallelism (work/span)"), table.out());
        assertTrue(table.out().contains("critical path of gc"), table.out());
    }

    @Test
    void aRecordingOfSeveralRunsNeedsRun() throws IOException {
        Path both = dir.resolve("both.jfr");
        Files.write(both, Files.readAllBytes(first));
        Files.write(both, Files.readAllBytes(second), java.nio.file.StandardOpenOption.APPEND);
        Cli.Result r = Cli.run("probes", both.toString(), "--report", "gc");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("holds 2 runs") && r.err().contains("--run"), r.err());
        assertEquals(json("probes", second.toString(), "--report", "gc", "--json").get("collections"),
                json("probes", both.toString(), "--report", "gc", "--json", "--run", "2").get("collections"));
        Cli.Result out = Cli.run("probes", both.toString(), "--report", "scalability", "--run", "3");
        assertEquals(2, out.code());
        assertTrue(out.err().contains("--run 3 is out of range"), out.err());
        assertEquals(2, Cli.run("probes", first.toString(), "--report", "gc", "--run", "0").code());
    }

    @Test
    void copyRefillsOfTheFinalCollectionCountOnlyWithIncludeFinal() throws IOException {
        long without = (long) num(json("probes", first.toString(), "--report", "slow-path", "--json"), "gcCopyRefills");
        long with = (long) num(json("probes", first.toString(), "--report", "slow-path", "--json", "--include-final"),
                "gcCopyRefills");
        assertTrue(with > without, with + " refills with the final collection, " + without + " without");
    }

    @Test
    void hostileRecordingsEndWithExitCode2() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.jfr"));
        Path junk = dir.resolve("junk.jfr");
        Files.writeString(junk, "FLR\0 not really a recording");
        Path noGc = dir.resolve("nogc.jfr");
        try (ProbeSession s = ProbeSession.start(noGc)) {
            Tracepoints.bucketOpen(1, "Closure");
        }
        for (Path p : List.of(empty, junk, noGc, dir.resolve("missing.jfr"))) {
            Cli.Result r = Cli.run("probes", p.toString(), "--report", "scalability");
            assertEquals(2, r.code(), p + ": " + r.err());
            assertTrue(r.err().contains(p.getFileName().toString()), r.err());
            Hostile.assertCleanMessage(r);
        }
    }
}
