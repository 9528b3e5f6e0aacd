package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.tools.error.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A study file becomes the tasks docs/studies.md promises (order, indices, names, run arguments), and
 * every bad file is refused with its file, line and key.
 */
class StudyConfigReaderTest {
    @TempDir
    Path dir;

    private StudyConfig read(String yaml) throws IOException {
        return StudyConfigReader.read(Files.writeString(dir.resolve("s.yaml"), yaml));
    }

    @Test
    void tasksComeInADocumentedStableOrder() throws IOException {
        Files.writeString(dir.resolve("bt.jmtb.gz"), "not read until run");
        StudyConfig c = read("""
                plans: [semispace, {plan: marksweep, name: ms-small, options: {blockSize: 8k, sanity: true}}]
                heapFactors: [1.5, 3]
                traces: [bt.jmtb.gz]
                workloads:
                  - random
                  - {workload: binarytrees, seeds: [7], scales: [0.25, 1]}
                threads: [1, 2]
                repeat: 2
                options: {packetCapacity: 512, blockSize: 16k}
                plugins: [events]
                """);
        List<Task> tasks = Matrix.tasks(c);
        assertEquals(2 * 2 * 4 * 2 * 2, tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            assertEquals(i, tasks.get(i).index());
        }
        assertEquals(List.of("bt.hf1p5.semispace.t1.r0", "bt.hf1p5.semispace.t2.r0", "bt.hf1p5.ms-small.t1.r0"),
                tasks.subList(0, 3).stream().map(Task::name).toList());
        assertEquals("binarytrees-s7-x1.hf3.ms-small.t2.r1", tasks.get(tasks.size() - 1).name());
        assertEquals(List.of("bt", "random-s42-x1", "binarytrees-s7-x0p25", "binarytrees-s7-x1"),
                c.programs().stream().map(ProgramSpec::name).toList());
        assertEquals(dir.resolve("bt.jmtb.gz").toAbsolutePath(), c.programs().get(0).trace());
        Task ms = tasks.get(2);
        // the plan's blockSize replaces the global one; options keep the documented order
        assertEquals(List.of("run", "--plan", "marksweep", "--trace", dir.resolve("bt.jmtb.gz").toAbsolutePath().toString(),
                "--heap", "1234", "--threads", "1", "--block-size", "8k", "--packet-capacity", "512", "--sanity",
                "--plugin", "events", "--json"), TaskExecutor.command(ms, new HeapResolver.Heap(1234, 800L, null)));
        assertEquals("random-s42-x1", tasks.get(8).program().name());
        assertEquals(List.of("--workload", "random", "--seed", "42", "--scale", "1"), tasks.get(8).program().runArgs());
    }

    @Test
    void aPlansOwnOptionsComeFromItsDeclarationsInCamelCase() throws IOException {
        StudyConfig c = read("""
                plans: [{plan: serial, options: {nursery: 1m, survivorRatio: 6, maxTenuringThreshold: 3}},
                        {plan: olderfirst, options: {window: 64k}}]
                heapFactors: [2]
                workloads: [random]
                """);
        assertEquals(List.of("--nursery", "1m", "--survivor-ratio", "6", "--max-tenuring-threshold", "3"),
                c.plans().get(0).runArgs());
        assertEquals(List.of("--window", "64k"), c.plans().get(1).runArgs());
    }

    @Test
    void aGranulatedTraceStudySetsTheSchemeAndGranulePerPlan() throws IOException {
        Files.writeString(dir.resolve("g4k.trace"), "not read until run");
        StudyConfig c = read("""
                plans: [{plan: semispace, name: ss-late, options: {sync: late, granule: 4k}}]
                heapFactors: [2]
                traces: [g4k.trace]
                """);
        assertEquals(List.of("run", "--plan", "semispace", "--trace", dir.resolve("g4k.trace").toAbsolutePath().toString(),
                "--heap", "1234", "--threads", "1", "--sync", "late", "--granule", "4k", "--json"),
                TaskExecutor.command(Matrix.tasks(c).get(0), new HeapResolver.Heap(1234, 800L, null)));
    }

    @Test
    void aGranularityStudyReplaysThePerfectTraceAndEachGranuleUnderEachScheme() throws IOException {
        StudyConfig c = read("""
                plans: [semispace, gencopy]
                heapFactors: [2]
                workloads: [{workload: random, seeds: [1]}]
                granularity: {granules: [1k, 4096], schemes: [mid, none]}
                """);
        List<Task> tasks = Matrix.tasks(c);
        assertEquals(List.of("random-s1-x1.perfect.hf2.semispace.t1.r0", "random-s1-x1.perfect.hf2.gencopy.t1.r0",
                "random-s1-x1.g1k-mid.hf2.semispace.t1.r0", "random-s1-x1.g1k-mid.hf2.gencopy.t1.r0",
                "random-s1-x1.g1k-none.hf2.semispace.t1.r0", "random-s1-x1.g1k-none.hf2.gencopy.t1.r0",
                "random-s1-x1.g4k-mid.hf2.semispace.t1.r0", "random-s1-x1.g4k-mid.hf2.gencopy.t1.r0",
                "random-s1-x1.g4k-none.hf2.semispace.t1.r0", "random-s1-x1.g4k-none.hf2.gencopy.t1.r0"),
                tasks.stream().map(Task::name).toList());
        assertEquals(0, tasks.get(0).parameters().get("granule").asLong());
        assertEquals("none", tasks.get(0).parameters().get("sync").asText());
        assertEquals(4096, tasks.get(7).parameters().get("granule").asLong());
        assertEquals("mid", tasks.get(7).parameters().get("sync").asText());
        DerivedTraces traces = new DerivedTraces(dir.resolve("out"));
        String g4k = dir.resolve("out").resolve("traces").resolve("random-s1-x1.g4k.jmtb").toAbsolutePath().toString();
        assertEquals(List.of("run", "--plan", "gencopy", "--trace", g4k, "--sync", "mid", "--granule", "4096", "--heap", "1234",
                "--threads", "1", "--json"), TaskExecutor.command(tasks.get(7), new HeapResolver.Heap(1234, 800L, null), traces));
        String perfect = dir.resolve("out").resolve("traces").resolve("random-s1-x1.perfect.jmtb").toAbsolutePath().toString();
        assertEquals(List.of("run", "--plan", "semispace", "--trace", perfect, "--sync", "none", "--heap", "1234",
                "--threads", "1", "--json"), TaskExecutor.command(tasks.get(0), new HeapResolver.Heap(1234, 800L, null), traces));
        // the heap is sized by the program's own maximum live size, the same for every variant
        assertEquals(tasks.get(0).program(), tasks.get(9).program());
        StudyConfig allSchemes = read("plans: [semispace]\nheapFactors: [2]\nworkloads: [random]\ngranularity: {granules: [1k]}\n");
        assertEquals(5, Matrix.tasks(allSchemes).size());
    }

    @Test
    void heapsAreSizesAndThreadsDefaultToOne() throws IOException {
        StudyConfig c = read("plans: marksweep\nheaps: [1m, 1536k, 65536, 2000]\nworkloads: random\n");
        assertEquals(List.of("h1m", "h1536k", "h64k", "h2000"), c.heaps().stream().map(HeapSpec::token).toList());
        assertEquals(List.of(1), c.threads());
        assertEquals(1, c.repeat());
        assertEquals(List.of("run", "--plan", "marksweep", "--workload", "random", "--seed", "42", "--scale", "1",
                "--heap", "1048576", "--threads", "1", "--json"),
                TaskExecutor.command(Matrix.tasks(c).get(0), new HeapResolver.Heap(1048576, null, null)));
    }

    @Test
    void theSameConfigGivesTheSameParametersEverywhere() throws IOException {
        String yaml = "plans: [immix]\nheapFactors: [2]\nworkloads: [{workload: random, seeds: [1, 2]}]\n";
        List<Task> a = Matrix.tasks(read(yaml));
        List<Task> b = Matrix.tasks(read(yaml));
        assertEquals(a.stream().map(t -> t.parameters().toString()).toList(),
                b.stream().map(t -> t.parameters().toString()).toList());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown key|plans: [semispace]\\nheapFactors: [2]\\nworkload: [random]|s.yaml:3: unknown key 'workload'; valid keys: plans,",
            "unknown nested key|plans: [{plan: semispace, option: {}}]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans[0]: unknown key 'option'; valid keys: plan, name, options, plugins",
            "unknown option|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\noptions: {nurserySize: 4m}|s.yaml:4: options: unknown key 'nurserySize'",
            "empty plans|plans: []\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans: is an empty list",
            "empty heaps|plans: [semispace]\\nheapFactors:\\nworkloads: [random]|s.yaml:2: heapFactors: is empty",
            "missing plans|heapFactors: [2]\\nworkloads: [random]|s.yaml:1: missing key 'plans'",
            "no heaps|plans: [semispace]\\nworkloads: [random]|s.yaml:1: missing key 'heapFactors' (or 'minHeapFactors' or 'heaps')",
            "both heaps|plans: [semispace]\\nheapFactors: [2]\\nheaps: [1m]\\nworkloads: [random]|s.yaml:3: give one of heapFactors, minHeapFactors and heaps, not heapFactors and heaps",
            "no programs|plans: [semispace]\\nheapFactors: [2]|s.yaml:1: missing key 'traces' or 'workloads'",
            "unknown plan|plans: [semispace, g1]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans[1]: unknown plan 'g1'; valid plans: nogc,",
            "unknown workload|plans: [semispace]\\nheapFactors: [2]\\nworkloads:\\n  - random\\n  - {workload: lusearch}|s.yaml:5: workloads[1].workload: unknown workload 'lusearch'",
            "unknown plugin|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\nplugins: [merlin2]|s.yaml:4: plugins[0]: unknown plugin 'merlin2'",
            "negative factor|plans: [semispace]\\nheapFactors: [2, -1]\\nworkloads: [random]|s.yaml:2: heapFactors[1]: expected a heap factor (a number from 0.000001 to 1000000), got the number '-1'",
            "zero factor|plans: [semispace]\\nheapFactors: [0]\\nworkloads: [random]|s.yaml:2: heapFactors[0]: expected a heap factor",
            "text factor|plans: [semispace]\\nheapFactors: [2x]\\nworkloads: [random]|s.yaml:2: heapFactors[0]: expected a heap factor (a number from 0.000001 to 1000000), got the text '2x'",
            "infinite factor|plans: [semispace]\\nheapFactors: [.inf]\\nworkloads: [random]|s.yaml:2: heapFactors[0]: expected a heap factor",
            "huge factor|plans: [semispace]\\nheapFactors: [1e400]\\nworkloads: [random]|s.yaml:2: heapFactors[0]: expected a heap factor",
            "repeated factor|plans: [semispace]\\nheapFactors: [2, 2.0]\\nworkloads: [random]|s.yaml:2: heapFactors[1]: the heap factor 2 is given twice",
            "bad heap|plans: [semispace]\\nheaps: [1m, 12q]\\nworkloads: [random]|s.yaml:2: heaps[1]: '12q' is not a size",
            "tiny heap|plans: [semispace]\\nheaps: [100]\\nworkloads: [random]|s.yaml:2: heaps[0]: heap size 100 B is impossible",
            "missing trace|plans: [semispace]\\nheapFactors: [2]\\ntraces: [nothere.trace]|s.yaml:3: traces[0]: no such file",
            "trace is a directory|plans: [semispace]\\nheapFactors: [2]\\ntraces: [.]|s.yaml:3: traces[0]:",
            "bad threads|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\nthreads: [1, 0]|s.yaml:4: threads[1]: expected a GC thread count (a whole number from 1 to 256), got the number '0'",
            "bad repeat|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\nrepeat: many|s.yaml:4: repeat: expected a number of runs per cell",
            "seeds without workloads|plans: [semispace]\\nheapFactors: [2]\\ntraces: [s.yaml]\\nseeds: [1]|s.yaml:4: seeds: shapes workloads",
            "same plan twice|plans: [marksweep, {plan: marksweep}]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans[1].plan: plan name 'marksweep' is also used on line 1",
            "unsafe name|plans: [{plan: marksweep, name: 'a/b'}]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans[0].name: name 'a/b' may hold only",
            "option of another plan|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\noptions: {window: 4m}|s.yaml:4: options.window: 'window' is not an option of plan 'semispace'",
            "bad plan option|plans: [{plan: serial, options: {survivorRatio: 0}}]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans[0].options.survivorRatio: --survivor-ratio 0 must be at least 1",
            "plan option not a size|plans: [{plan: olderfirst, options: {window: wide}}]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:1: plans[0].options.window: --window: 'wide' is not a size",
            "bad size option|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\noptions: {blockSize: big}|s.yaml:4: options.blockSize: 'big' is not a size",
            "bad limit|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\noptions: {gcOverheadLimit: 1}|s.yaml:4: options.gcOverheadLimit: --gc-overhead-limit takes 'off' or",
            "flag not boolean|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\noptions: {sanity: yes please}|s.yaml:4: options.sanity: expected true or false",
            "unknown scheme|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\noptions: {sync: sometimes}|s.yaml:4: options.sync: 'sometimes' is not a synchronization scheme",
            "duplicate key|plans: [semispace]\\nplans: [marksweep]\\nheapFactors: [2]\\nworkloads: [random]|s.yaml:2: key 'plans' is given twice",
            "alias|plans: &p [semispace]\\nheapFactors: [2]\\nworkloads: *p|s.yaml:3: workloads: the YAML alias '*p' is not supported",
            "syntax|plans: [semispace\\nheapFactors: [2]|s.yaml:2: not valid YAML:",
            "two documents|plans: [semispace]\\n---\\nplans: [marksweep]|s.yaml:3: holds more than one YAML document",
            "not a mapping|- semispace\\n- marksweep|s.yaml:1: expected a mapping (keys plans, heapFactors,",
            "scalar document|semispace|s.yaml:1: expected a mapping",
            "empty document|# nothing|s.yaml: empty; a study needs",
            "granularity and sync|plans: [{plan: semispace, options: {sync: mid}}]\\nheapFactors: [2]\\nworkloads: [random]\\ngranularity: {granules: [1k]}|s.yaml:4: granularity: the plan 'semispace' sets 'sync', which the granularity experiment sets for each task",
            "no granules|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\ngranularity: {schemes: [mid]}|s.yaml:4: granularity: missing key 'granules'",
            "bad granule|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\ngranularity: {granules: [1k, 0]}|s.yaml:4: granularity.granules[1]: must be positive",
            "granule twice|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\ngranularity: {granules: [1k, 1024]}|s.yaml:4: granularity.granules[1]: the granule 1 KiB is given twice",
            "bad scheme|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\ngranularity: {granules: [1k], schemes: [soon]}|s.yaml:4: granularity.schemes[0]: 'soon' is not a synchronization scheme",
            "unknown granularity key|plans: [semispace]\\nheapFactors: [2]\\nworkloads: [random]\\ngranularity: {granule: [1k]}|s.yaml:4: granularity: unknown key 'granule'; valid keys: granules, schemes",
            "repeat out of range|plans: [semispace]\\nheaps: [1m]\\nworkloads: [{workload: random, seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}]\\nthreads: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\\nrepeat: 10001|s.yaml:5: repeat: expected a number of runs per cell (a whole number from 1 to 10000)",
    })
    void badFilesNameFileLineAndKey(String name, String yaml, String message) throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), yaml.replace("\\n", "\n"));
        UsageException e = assertThrows(UsageException.class, () -> StudyConfigReader.read(file));
        assertTrue(e.getMessage().startsWith(dir.resolve(message.substring(0, message.indexOf(':'))).toString()
                + message.substring(message.indexOf(':'))), name + ": " + e.getMessage());
    }

    @Test
    void aMatrixTooLargeIsRefused() throws IOException {
        UsageException e = assertThrows(UsageException.class, () -> read("plans: [semispace, marksweep]\nheaps: [1m, 2m]\n"
                + "workloads: [{workload: random, seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}]\nthreads: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
                + "repeat: 10000\n"));
        assertTrue(e.getMessage().endsWith("s.yaml: the matrix has 4000000 tasks; at most 1000000 (split it into several studies)"),
                e.getMessage());
    }

    @Test
    void traceNamesThatCollideAreRefused() throws IOException {
        Files.createDirectories(dir.resolve("a"));
        Files.createDirectories(dir.resolve("b"));
        Files.writeString(dir.resolve("a/x.trace"), "");
        Files.writeString(dir.resolve("b/x.trace.gz"), "");
        UsageException e = assertThrows(UsageException.class,
                () -> read("plans: [semispace]\nheapFactors: [2]\ntraces:\n  - a/x.trace\n  - b/x.trace.gz\n"));
        assertTrue(e.getMessage().endsWith("s.yaml:5: traces[1]: program 'x' is also given on line 4; give one of the "
                + "traces another 'name:'"), e.getMessage());
        StudyConfig ok = read("plans: [semispace]\nheapFactors: [2]\ntraces:\n  - a/x.trace\n  - {file: b/x.trace.gz, name: x2}\n");
        assertEquals(List.of("x", "x2"), ok.programs().stream().map(ProgramSpec::name).toList());
    }
}
