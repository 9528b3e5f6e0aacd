package org.jmmtk.tools.probes;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.util.Constants;
import org.jmmtk.probes.AllocSlowPathEvent;
import org.jmmtk.probes.ProbeSession;
import org.jmmtk.probes.Tracepoints;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jmmtk.tools.plot.SvgText;

/**
 * {@code probes --report slow-path} shows contended time per slow path, and {@code --compare A B} overlays two
 * recordings (the MPLR'23 paper's Figure 6), on real recordings: two small parallel runs of the search
 * workload (coarse and fine page-resource lock), and one made here in which a thread's slow path certainly
 * waits for a page resource's lock that another thread holds. Bad input is exit code 2.
 */
class SlowPathCompareTest {
    @TempDir
    static Path dir;

    private static Path coarse;
    private static Path fine;
    private static Path contended;

    @BeforeAll
    static void record() throws Exception {
        coarse = dir.resolve("coarse.jfr");
        fine = dir.resolve("fine.jfr");
        for (Path p : List.of(coarse, fine)) {
            Cli.Result r = Cli.run("run", "--workload", "search", "--scale", "0.05", "--plan", "immix", "--heap", "4m",
                    "--threads", "2", "--mutator-threads", "2", "--page-resource-lock",
                    p == coarse ? "coarse" : "fine", "--jfr", p.toString());
            assertEquals(0, r.code(), r.err());
        }
        contended = dir.resolve("contended.jfr");
        recordAContendedSlowPath(contended);
    }

    /** A slow path on thread "waiter" that takes a page resource's lock while this thread holds it. */
    private static void recordAContendedSlowPath(Path file) throws Exception {
        VMLayout layout = new VMLayout(16 * Constants.BYTES_IN_CHUNK);
        HeapGeometry geometry = HeapGeometry.forHeap(1 << 20);
        MonotonePageResource pages = new MonotonePageResource(layout.memory(), geometry,
                layout.reserve("held", 1 << 20));
        try (ProbeSession session = ProbeSession.start(file)) {
            pages.holdForSlowPath();
            Thread waiter = new Thread(() -> {
                AllocSlowPathEvent e = Tracepoints.allocSlowBegin();
                pages.acquire(1);
                Tracepoints.allocSlowEnd(e, 0, 64, "held");
            }, "waiter");
            waiter.start();
            while (waiter.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            pages.releaseSlowPathHold();
            waiter.join();
        }
    }

    private static Map<String, Object> slowPath(Path recording) throws IOException {
        Cli.Result r = Cli.run("probes", recording.toString(), "--report", "slow-path", "--json");
        assertEquals(0, r.code(), r.err());
        return JsonTree.object(r.out());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Map<String, Object> json, String field) {
        return (Map<String, Object>) json.get(field);
    }

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    @Test
    void aWaitForTheLockIsContendedTimeOfTheSlowPathAroundIt() throws IOException {
        Map<String, Object> c = object(slowPath(contended), "contended");
        assertEquals(1, number(c, "slowPaths"));
        assertEquals(1, number(c, "waits"));
        assertTrue(((Number) c.get("totalMs")).doubleValue() > 0);
        assertEquals(1, ((List<?>) c.get("histogram")).size());
        Cli.Result text = Cli.run("probes", contended.toString(), "--report", "slow-path");
        assertTrue(text.out().contains("page-resource lock: 1 slow paths waited for it (1 waits)"), text.out());
    }

    @Test
    void parallelRunsReportContendedTimeConsistently() throws IOException {
        for (Path p : List.of(coarse, fine)) {
            Map<String, Object> json = slowPath(p);
            Map<String, Object> c = object(json, "contended");
            assertTrue(number(c, "slowPaths") <= number(json, "slowPaths"), p.toString());
            assertTrue(number(c, "waits") >= number(c, "slowPaths"), p.toString());
            long counted = 0;
            for (Object bucket : (List<?>) c.get("histogram")) {
                counted += number(castMap(bucket), "count");
            }
            assertEquals(number(c, "slowPaths"), counted, p.toString());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object o) {
        return (Map<String, Object>) o;
    }

    @Test
    void compareOverlaysBothRecordingsAsPngAndSvg() throws IOException {
        Path out = dir.resolve("compare");
        Cli.Result r = Cli.run("probes", "--report", "slow-path", "--compare", coarse.toString(), contended.toString(),
                "--out-dir", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("coarse.jfr") && r.out().contains("contended.jfr"), r.out());
        assertTrue(r.out().contains("contended time p90 (us)"), r.out());
        for (String f : List.of("slow-path-compare.png", "slow-path-compare.svg", "slow-path-contended-compare.png",
                "slow-path-contended-compare.svg")) {
            assertTrue(Files.size(out.resolve(f)) > 1000, f);
        }
        SvgText.read(out.resolve("slow-path-compare.svg")).has("cumulative fraction");
        SvgText.read(out.resolve("slow-path-contended-compare.svg")).has("cumulative fraction");
        Cli.Result json = Cli.run("probes", "--report", "slow-path", "--compare", coarse.toString(), fine.toString(),
                "--json");
        assertEquals(0, json.code(), json.err());
        List<?> sides = (List<?>) JsonTree.object(json.out()).get("compare");
        assertEquals(2, sides.size());
        assertEquals("fine.jfr", castMap(sides.get(1)).get("name"));
    }

    @Test
    void badInputIsAUsageError() throws IOException {
        Cli.Result missing = Cli.run("probes", "--report", "slow-path", "--compare", coarse.toString(),
                dir.resolve("nope.jfr").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("nope.jfr"), missing.err());
        Path text = Files.writeString(dir.resolve("text.jfr"), "not a recording");
        Cli.Result bad = Cli.run("probes", "--report", "slow-path", "--compare", text.toString(), fine.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("text.jfr: not a readable JFR recording"), bad.err());
        Path twoRuns = dir.resolve("two-runs.jfr");
        try (OutputStream o = Files.newOutputStream(twoRuns)) {
            Files.copy(coarse, o);
            Files.copy(fine, o);
        }
        Cli.Result several = Cli.run("probes", "--report", "slow-path", "--compare", twoRuns.toString(), fine.toString());
        assertEquals(2, several.code());
        assertTrue(several.err().contains("two-runs.jfr: the recording holds 2 runs"), several.err());
        assertEquals(0, Cli.run("probes", "--report", "slow-path", "--compare", twoRuns.toString(), fine.toString(),
                "--run", "1").code());
        assertEquals(2, Cli.run("probes", "--report", "gc", "--compare", coarse.toString(), fine.toString()).code());
        assertEquals(2, Cli.run("probes", fine.toString(), "--report", "slow-path", "--compare", coarse.toString(),
                fine.toString()).code());
        assertEquals(2, Cli.run("probes", "--report", "slow-path", "--compare", coarse.toString()).code());
        assertEquals(2, Cli.run("probes", "--report", "slow-path").code());
        assertEquals(2, Cli.run("run", "--workload", "search", "--scale", "0.01", "--page-resource-lock", "medium")
                .code());
    }
}
