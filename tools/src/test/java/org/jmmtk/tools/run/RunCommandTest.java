package org.jmmtk.tools.run;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code jmmtk run}: its JSON metrics, and exit codes and one-line messages for bad input and out-of-memory. */
class RunCommandTest {
    private static final List<String> METRICS = List.of("plan", "workload", "heapBytes", "threads", "gcCount",
            "objectsAllocated", "bytesAllocated", "bytesCopied", "bytesMarked", "markCons", "finalLiveObjects",
            "finalLiveBytes", "pauseTotalMs", "pauseMaxMs", "outOfMemory");

    @TempDir
    Path dir;

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    private static double decimal(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).doubleValue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void jsonReportHasEveryMetric(String plan) throws IOException {
        Cli.Result r = Cli.run("run", "--plan", plan, "--workload", "binarytrees", "--scale", "0.05", "--heap", "8m",
                "--threads", "2", "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        for (String field : METRICS) {
            assertTrue(json.containsKey(field), "missing field " + field);
        }
        assertEquals(plan, json.get("plan"));
        assertTrue(((String) json.get("workload")).startsWith("binarytrees"), (String) json.get("workload"));
        assertEquals(8L << 20, number(json, "heapBytes"));
        assertEquals(2, number(json, "threads"));
        assertEquals(false, json.get("outOfMemory"));
        assertEquals(((List<?>) json.get("collections")).size(), number(json, "gcCount"));

        long allocated = number(json, "bytesAllocated");
        assertTrue(number(json, "objectsAllocated") > 0);
        assertEquals((double) (number(json, "bytesCopied") + number(json, "bytesMarked")) / allocated,
                decimal(json, "markCons"), 1e-9);
        assertTrue(decimal(json, "pauseMaxMs") <= decimal(json, "pauseTotalMs"));
        assertTrue(number(json, "finalLiveBytes") <= allocated);

        TraceStats stats = new TraceStats();
        Workloads.REGISTRY.find("binarytrees").orElseThrow().factory().create(Workloads.DEFAULT_SEED, 0.05).replay(stats);
        assertEquals(stats.summary().reachableObjects(), number(json, "finalLiveObjects"));
        assertEquals(stats.summary().reachableBytes(), number(json, "finalLiveBytes"));
        assertEquals(stats.summary().objects(), number(json, "objectsAllocated"));
        assertEquals(stats.summary().bytesAllocated(), allocated);
    }

    @Test
    void tableReportNamesPlanAndSource() {
        Cli.Result r = Cli.run("run", "--plan", "nogc", "--workload", "linkedlist", "--scale", "0.02", "--threads",
                "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("plan nogc, linkedlist (seed 42, scale 0.02), heap 32 MiB, 1 GC thread\n"),
                r.out());
        assertTrue(r.out().contains("final live objects"), r.out());
    }

    @Test
    void unknownPlanListsTheValidOnes() {
        Cli.Result r = Cli.run("run", "--plan", "g1", "--workload", "binarytrees", "--scale", "0.01");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(List.of("jmmtk: unknown plan 'g1'; valid plans: " + Plans.REGISTRY.names()), r.errLines());
        for (Plans.Entry plan : Plans.REGISTRY.all()) {
            assertTrue(r.err().contains(plan.name()), plan.name());
        }
    }

    @Test
    void nurseryIsCheckedAndOnlyForPlansWithAFixedNursery() {
        Cli.Result other = Cli.run("run", "--plan", "appel", "--nursery", "64k", "--workload", "binarytrees",
                "--scale", "0.01");
        assertEquals(2, other.code());
        assertEquals(List.of("jmmtk: --nursery is not an option of plan 'appel' (it takes none); the plans that "
                + "take it: gencopy, genimmix, serial, stickyimmix"), other.errLines());
        Cli.Result bad = Cli.run("run", "--plan", "gencopy", "--nursery", "0", "--workload", "binarytrees");
        assertEquals(2, bad.code());
        assertEquals(List.of("jmmtk: --nursery must be positive"), bad.errLines());
        Cli.Result ok = Cli.run("run", "--plan", "gencopy", "--nursery", "64k", "--heap", "1m", "--json",
                "--workload", "binarytrees", "--scale", "0.05");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("\"nurseryGcCount\""), ok.out());
        assertTrue(ok.out().contains("\"gcCountByKind\" : {\n    \"nursery\" : "), ok.out());
    }

    @Test
    void survivorOptionsAreCheckedAndOnlyForSerial() {
        Cli.Result other = Cli.run("run", "--plan", "gencopy", "--survivor-ratio", "4", "--workload", "binarytrees",
                "--scale", "0.01");
        assertEquals(2, other.code());
        assertEquals(List.of("jmmtk: --survivor-ratio is not an option of plan 'gencopy' (its options: --nursery); "
                + "the plans that take it: serial"), other.errLines());
        Cli.Result zero = Cli.run("run", "--plan", "serial", "--survivor-ratio", "0", "--workload", "binarytrees");
        assertEquals(List.of("jmmtk: --survivor-ratio 0 must be at least 1"), zero.errLines());
        Cli.Result word = Cli.run("run", "--plan", "serial", "--survivor-ratio", "many", "--workload", "binarytrees");
        assertEquals(List.of("jmmtk: --survivor-ratio: 'many' is not a whole number"), word.errLines());
        Cli.Result high = Cli.run("run", "--plan", "serial", "--max-tenuring-threshold", "16", "--workload", "binarytrees");
        assertEquals(2, high.code());
        assertEquals(List.of("jmmtk: --max-tenuring-threshold 16 is out of range 0..15"), high.errLines());
        Cli.Result young = Cli.run("run", "--plan", "serial", "--heap", "8m", "--nursery", "8m", "--workload", "binarytrees");
        assertEquals(2, young.code());
        assertTrue(young.err().startsWith("jmmtk: --nursery"), young.err());
        Cli.Result ok = Cli.run("run", "--plan", "serial", "--heap", "4m", "--nursery", "1m", "--survivor-ratio", "6",
                "--max-tenuring-threshold", "3", "--json", "--workload", "binarytrees", "--scale", "0.05");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("\"edenBytes\" : 786432"), ok.out());
        assertTrue(ok.out().contains("\"tenuringThreshold\""), ok.out());
    }

    /** A nursery or window larger than the heap is refused, naming the option (it was clamped silently). */
    @Test
    void aNurseryOrWindowLargerThanTheHeapIsRefused() {
        String[][] cases = {{"gencopy", "--nursery"}, {"genimmix", "--nursery"}, {"stickyimmix", "--nursery"},
                {"olderfirst", "--window"}};
        for (String[] c : cases) {
            Cli.Result r = Cli.run("run", "--plan", c[0], "--heap", "2m", c[1], "1g", "--workload", "binarytrees",
                    "--scale", "0.01");
            assertEquals(2, r.code(), c[0] + ": " + r.err());
            assertEquals(List.of("jmmtk: " + c[1] + " 1073741824 is larger than the heap (2097152 bytes)"), r.errLines(), c[0]);
            Cli.Result whole = Cli.run("run", "--plan", c[0], "--heap", "2m", c[1], "2m", "--workload", "binarytrees",
                    "--scale", "0.01");
            assertEquals(0, whole.code(), c[0] + " with the whole heap: " + whole.err());
        }
    }

    @Test
    void windowIsCheckedAndOnlyForOlderFirst() {
        Cli.Result other = Cli.run("run", "--plan", "gencopy", "--window", "64k", "--workload", "binarytrees",
                "--scale", "0.01");
        assertEquals(2, other.code());
        assertEquals(List.of("jmmtk: --window is not an option of plan 'gencopy' (its options: --nursery); the plans "
                + "that take it: olderfirst"), other.errLines());
        Cli.Result semispace = Cli.run("run", "--plan", "semispace", "--window", "4m", "--workload", "binarytrees");
        assertEquals(List.of("jmmtk: --window is not an option of plan 'semispace' (it takes none); the plans "
                + "that take it: olderfirst"), semispace.errLines());
        Cli.Result bad = Cli.run("run", "--plan", "olderfirst", "--window", "-1k", "--workload", "binarytrees");
        assertEquals(2, bad.code());
        assertEquals(1, bad.errLines().size(), bad.err());
        assertTrue(bad.err().startsWith("jmmtk: --window"), bad.err());
        Cli.Result ok = Cli.run("run", "--plan", "olderfirst", "--window", "64k", "--heap", "1m", "--json",
                "--workload", "binarytrees", "--scale", "0.05");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("\"windowGcCount\""), ok.out());
        assertFalse(ok.out().contains("\"windowGcCount\" : 0"), ok.out());
    }

    @Test
    void unknownWorkloadListsTheValidOnes() {
        Cli.Result r = Cli.run("run", "--workload", "dacapo");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: unknown workload 'dacapo'; valid workloads: " + Workloads.REGISTRY.names()), r.errLines());
    }

    @Test
    void heapOfZeroIsBadUsage() {
        Cli.Result r = Cli.run("run", "--heap", "0", "--scale", "0.01");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: heap size 0 B is impossible: it must be between 1 KiB and 64 GiB"),
                r.errLines());
    }

    @Test
    void heapThatIsNotASizeIsBadUsage() {
        Cli.Result r = Cli.run("run", "--heap", "banana", "--scale", "0.01");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: 'banana' is not a size (examples: 65536, 512k, 64m, 2g)"), r.errLines());
    }

    @Test
    void workloadAndTraceTogetherAreBadUsage() throws IOException {
        Path file = TraceText.write(dir.resolve("t.trace"), "#jmmtk-trace 2\n");
        Cli.Result r = Cli.run("run", "--workload", "cache", "--trace", file.toString());
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: give either --workload or --trace, not both"), r.errLines());
    }

    @Test
    void malformedTraceNamesFileAndLine() throws IOException {
        Path file = TraceText.write(dir.resolve("bad.trace"), "#jmmtk-trace 2\nA 0 1 32 0\nZ 1\n");
        Cli.Result r = Cli.run("run", "--trace", file.toString(), "--threads", "1");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(List.of("jmmtk: " + file + ":3: unknown record 'Z'"), r.errLines());
    }

    @Test
    void inconsistentTraceNamesFileAndLine() throws IOException {
        Path file = TraceText.write(dir.resolve("bad.trace"), "#jmmtk-trace 2\nA 0 1 32 0\nR 0 0 2\n");
        Cli.Result r = Cli.run("run", "--trace", file.toString(), "--threads", "1");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: " + file + ":3: root reference to object 2, which was never allocated"),
                r.errLines());
    }

    @Test
    void missingTraceFileIsBadUsage() {
        Path file = dir.resolve("absent.trace");
        Cli.Result r = Cli.run("run", "--trace", file.toString());
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: " + file + ": no such trace file"), r.errLines());
    }

    @Test
    void heapTooSmallIsOneLineOutOfMemory() {
        Cli.Result r = Cli.run("run", "--plan", "marksweep", "--workload", "cache", "--scale", "0.2", "--heap", "256k",
                "--threads", "2");
        assertEquals(1, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jmmtk: out of memory"), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        assertTrue(r.out().contains("OUT OF MEMORY"), r.out());
    }

    @Test
    void outOfMemoryInJsonHasNoLiveSet() throws IOException {
        Cli.Result r = Cli.run("run", "--plan", "marksweep", "--workload", "cache", "--scale", "0.2", "--heap", "256k",
                "--threads", "2", "--json");
        assertEquals(1, r.code());
        Map<String, Object> json = JsonTree.object(r.out());
        assertEquals(true, json.get("outOfMemory"));
        assertTrue(json.containsKey("finalLiveObjects"));
        assertNull(json.get("finalLiveObjects"));
        assertNull(json.get("finalLiveBytes"));
        assertEquals("jmmtk: " + json.get("outOfMemoryMessage"), r.err().strip());
    }
}
