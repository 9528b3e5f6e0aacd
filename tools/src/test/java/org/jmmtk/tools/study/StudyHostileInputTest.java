package org.jmmtk.tools.study;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.Studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input to {@code study}, {@code study merge} and {@code study plot}: exit 2, one short message
 * naming the file, line and key (or the flag), and no file under the temporary directory changed. None of
 * these cases starts a task.
 */
class StudyHostileInputTest {
    @TempDir
    Path dir;

    private Path config;

    @BeforeEach
    void config() throws IOException {
        config = Studies.write(dir, "s.yaml", Studies.TINY);
    }

    private Cli.Result fails(String message, String... args) throws IOException {
        Map<Path, String> before = Hostile.snapshot(dir);
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.code(), r.out() + r.err());
        Hostile.assertCleanMessage(r);
        assertTrue(r.err().startsWith("jmmtk: " + message), r.err());
        Hostile.assertUnchanged(before, dir);
        return r;
    }

    private void badConfig(String yaml, String message) throws IOException {
        Path file = Studies.write(dir, "bad.yaml", yaml);
        fails(file + message, "study", file.toString(), "--out-dir", dir.resolve("out").toString(), "--shard", "0/1");
    }

    @Test
    void unknownKeysEmptyListsAndUnknownNamesNameTheirLine() throws IOException {
        badConfig("plans: [semispace]\nheapFactor: [2]\nworkloads: [random]\n",
                ":2: unknown key 'heapFactor'; valid keys: plans, heapFactors, minHeapFactors, heaps,");
        badConfig("plans: [semispace]\nheapFactors: []\nworkloads: [random]\n", ":2: heapFactors: is an empty list");
        badConfig("plans: [semispace, g1]\nheapFactors: [2]\nworkloads: [random]\n", ":1: plans[1]: unknown plan 'g1'");
        badConfig("plans: [semispace]\nheapFactors: [2]\nworkloads:\n  - {workload: h2}\n",
                ":4: workloads[0].workload: unknown workload 'h2'");
        badConfig("plans: [semispace]\nheapFactors: [2]\ntraces: [gone.trace]\n", ":3: traces[0]: no such file " + dir.resolve("gone.trace"));
    }

    @Test
    void badHeapFactorsAreRefusedBeforeAnythingRuns() throws IOException {
        badConfig("plans: [semispace]\nheapFactors: [2, nan]\nworkloads: [random]\n", ":2: heapFactors[1]: expected a heap factor");
        // 0.01 x the maximum live size of this workload is under 1 KiB: refused at its line, and no directory made
        badConfig("plans: [semispace]\nheapFactors:\n  - 2\n  - 0.01\nworkloads: [{workload: random, scales: [0.2], seeds: [1]}]\n",
                ":4: heapFactors: 0.01 x max live 13,968 bytes of the workload random (seed 1, scale 0.2) is a heap of 140 "
                        + "bytes, outside 1 KiB..64 GiB");
    }

    @Test
    void badTaskAndShardFlagsAreRefused() throws IOException {
        fails("--task 4 is out of range: the study has 4 tasks, 0..3 (see --list)", "study", config.toString(), "--task", "4");
        fails("--task 4 is out of range", "study", config.toString(), "--task", "4", "--list");
        fails("--task must not be negative", "study", config.toString(), "--task", "-1");
        fails("--shard takes K/N with 0 <= K < N", "study", config.toString(), "--shard", "4/4");
        fails("--shard takes K/N", "study", config.toString(), "--shard", "x");
        fails("give one of --task, --shard and --shards", "study", config.toString(), "--task", "0", "--shard", "0/2");
        fails("--jobs must be from 1 to 1024", "study", config.toString(), "--jobs", "0", "--shard", "0/1");
        fails("give a study FILE.yaml", "study");
        fails(dir.resolve("nope.yaml") + ": no such file", "study", dir.resolve("nope.yaml").toString());
    }

    @Test
    void anOutputDirectoryThatIsAFileIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("results"), "keep me\n");
        fails(file + " exists and is not a directory (--out-dir takes a directory)", "study", config.toString(), "--out-dir",
                file.toString(), "--shard", "0/1");
        Path csv = Files.writeString(dir.resolve("m.csv"), "plan,heapFactor,workload,threads,pauseTotalMs,markCons,gcCount\n"
                + "semispace,2,random,1,3.5,0.2,4\n");
        fails(file + " exists and is not a directory (-o takes a directory)", "study", "plot", csv.toString(), "-o", file.toString());
    }

    @Test
    void aResultOfOtherParametersIsNeitherUsedNorReplaced() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        String name = "random-s1-x0p2.hf1p05.semispace.t1.r0.json";
        Files.writeString(out.resolve(name), "{\"task\": {\"index\": 0, \"name\": \"x\"}, \"outcome\": \"ok\", \"run\": {}}");
        fails(out.resolve(name) + " is the result of other parameters than task 0 of this study (name is \"x\", not "
                + "\"random-s1-x0p2.hf1p05.semispace.t1.r0\")", "study", config.toString(), "--out-dir", out.toString(), "--shard", "0/1");
        Files.writeString(out.resolve(name), "{\"task\": ");
        fails(out.resolve(name) + ": not a study result (", "study", config.toString(), "--out-dir", out.toString(), "--shard", "0/1");
    }

    @Test
    void mergeRefusesWhatIsNotAStudyDirectory() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        fails(empty + " holds no study.json: not a directory that 'jmmtk study' wrote", "study", "merge", empty.toString(),
                "-o", dir.resolve("m.csv").toString());
        fails(dir.resolve("none") + ": no such directory", "study", "merge", dir.resolve("none").toString(), "-o",
                dir.resolve("m.csv").toString());
        Files.writeString(empty.resolve("study.json"), "[1, 2]");
        fails(empty.resolve("study.json") + ": not a study manifest (no task list)", "study", "merge", empty.toString(),
                "-o", dir.resolve("m.csv").toString());
        Files.writeString(empty.resolve("study.json"), "{\"tasks\": [{\"plan\": \"p\", \"name\": \"../../etc/x\"}]}");
        fails(empty.resolve("study.json") + ": task 0 has no plan or no task name", "study", "merge", empty.toString(),
                "-o", dir.resolve("m.csv").toString());
        fails(empty.resolve("study.json") + " is also an input", "study", "merge", empty.toString(), "-o",
                empty.resolve("study.json").toString());
        fails(empty.resolve("a.json") + " would replace a file of the study", "study", "merge", empty.toString(), "-o",
                empty.resolve("a.json").toString());
        fails("Missing required option: '--output=FILE.csv'", "study", "merge", empty.toString());
    }

    @Test
    void plotRefusesACsvWithoutTheColumnsItDraws() throws IOException {
        Path csv = Files.writeString(dir.resolve("m.csv"), "plan,heapFactor,workload,threads,pauseTotalMs,gcCount\n"
                + "semispace,2,random,1,3.5,4\n");
        fails(csv + ":1: no column 'markCons' (a CSV that 'jmmtk study merge' wrote has it)", "study", "plot", csv.toString(),
                "-o", dir.resolve("plots").toString());
        Files.writeString(csv, "plan,threads,pauseTotalMs,markCons,gcCount,workload\nsemispace,1,3,0.2,4,random\n");
        fails(csv + ":1: no column 'heapFactor' (or 'minHeapFactor' or 'heap': the figures draw against the heap)", "study", "plot",
                csv.toString(), "-o", dir.resolve("plots").toString());
        Files.writeString(csv, "plan,heapFactor,workload,threads,pauseTotalMs,markCons,gcCount\nsemispace,2,random\n");
        fails(csv + ":2: 3 cells, but the header has 7", "study", "plot", csv.toString(), "-o", dir.resolve("plots").toString());
        Files.writeString(csv, "plan,heapFactor,workload,threads,pauseTotalMs,markCons,gcCount\n\"semispace,2,random,1,1,1,1\n");
        fails(csv + ":2: a quoted cell does not end on its line", "study", "plot", csv.toString(), "-o",
                dir.resolve("plots").toString());
        Files.writeString(csv, "");
        fails(csv + ": empty", "study", "plot", csv.toString(), "-o", dir.resolve("plots").toString());
        Files.writeString(csv, "plan,heapFactor,workload,threads,pauseTotalMs,markCons,gcCount,outcome\n"
                + "semispace,2,random,1,,,,oom\n");
        fails(csv + ": no cell completed, so there is nothing to draw", "study", "plot", csv.toString(), "-o",
                dir.resolve("plots").toString());
        fails(dir.resolve("gone.csv") + ": no such file or directory", "study", "plot", dir.resolve("gone.csv").toString(),
                "-o", dir.resolve("plots").toString());
    }
}
