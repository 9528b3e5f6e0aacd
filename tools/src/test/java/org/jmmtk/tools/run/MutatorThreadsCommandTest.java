package org.jmmtk.tools.run;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jmmtk.tools.plot.SvgText;

/**
 * {@code run --mutator-threads} and {@code sweep --mutator-threads} from the command line: the parallel
 * replay ends with the one-thread replay's live set, reports its waits, refuses what needs one global
 * order, and the sweep prints one row per count and writes its CSV files and plot.
 */
class MutatorThreadsCommandTest {
    @Test
    void parallelRunEndsWithTheSequentialLiveSet() throws Exception {
        Cli.Result one = Cli.run("run", "--plan", "immix", "--workload", "sharing", "--scale", "0.05", "--heap", "4m",
                "--threads", "2", "--json");
        Cli.Result two = Cli.run("run", "--plan", "immix", "--workload", "sharing", "--scale", "0.05", "--heap", "4m",
                "--threads", "2", "--mutator-threads", "2", "--json");
        assertEquals(0, one.code(), one.err());
        assertEquals(0, two.code(), two.err());
        Map<String, Object> a = JsonTree.object(one.out());
        Map<String, Object> b = JsonTree.object(two.out());
        assertEquals(a.get("finalLiveObjects"), b.get("finalLiveObjects"));
        assertEquals(a.get("finalLiveBytes"), b.get("finalLiveBytes"));
        assertEquals(2.0, ((Number) b.get("mutatorThreads")).doubleValue());
        assertTrue(((Number) b.get("recordsReplayed")).longValue() > 0, two.out());
        // through a dispatcher (a workload is not in per-thread streams) no thread waits for a window
        assertEquals(0.0, ((Number) b.get("windowWaits")).doubleValue(), two.out());
        assertTrue(((Number) b.get("mutatorWaitMs")).doubleValue() >= 0, two.out());
        assertTrue(!a.containsKey("mutatorThreads"), "one thread reports as before");
    }

    @Test
    void pluginsAndSchemesThatNeedOneOrderAreRefused() {
        Cli.Result merlin = Cli.run("run", "--workload", "random", "--scale", "0.05", "--mutator-threads", "2",
                "--plugin", "merlin");
        assertEquals(2, merlin.code());
        assertTrue(merlin.err().contains("plugin merlin observes the mutators' events in one global order"), merlin.err());
        Cli.Result paced = Cli.run("run", "--plan", "lxr", "--workload", "random", "--scale", "0.05",
                "--mutator-threads", "2");
        assertEquals(2, paced.code());
        assertEquals(List.of("jmmtk: --mutator-threads 2: a concurrent plan's collector is paced by the records of one "
                + "global order (--pacing 1000); use --mutator-threads 1"), paced.errLines(),
                "names the option the user gave, and the default pacing it conflicts with");
        Cli.Result zero = Cli.run("run", "--workload", "random", "--scale", "0.05", "--mutator-threads", "0");
        assertEquals(2, zero.code());
        assertTrue(zero.err().contains("--mutator-threads 0 is out of range"), zero.err());
    }

    @Test
    void sweepPrintsARowPerMutatorThreadCount(@TempDir Path dir) throws Exception {
        Cli.Result r = Cli.run("sweep", "--plan", "semispace", "--workload", "search", "--scale", "0.02", "--heap", "8m",
                "--threads", "1", "--mutator-threads", "1,2", "--repeat", "2", "--warmup", "0", "--out-dir",
                dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("mutator sweep: plan semispace"), r.out());
        assertEquals(2, r.out().lines().filter(l -> l.matches("\\s+[12]\\s+\\d.*")).count(), r.out());
        List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
        assertEquals(3, summary.size(), summary.toString());
        assertTrue(summary.get(1).startsWith("1,"), summary.toString());
        assertEquals(5, Files.readAllLines(dir.resolve("runs.csv")).size());
        assertTrue(Files.size(dir.resolve("speedup.png")) > 0);
        SvgText.read(dir.resolve("speedup.svg")).has("mutator threads (log scale)",
                "mutator throughput speedup (log scale)", "1", "2", "95% confidence interval (bootstrap)");
        Cli.Result bad = Cli.run("sweep", "--workload", "search", "--mutator-threads", "1,,2");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--mutator-threads takes thread counts"), bad.err());
    }
}
