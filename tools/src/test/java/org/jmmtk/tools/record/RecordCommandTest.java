package org.jmmtk.tools.record;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmmtk record} on small Java programs compiled here (sources in test resources/record): with
 * the JDK left out, the recorded trace counts exactly the objects the program's classes allocate (the
 * JDK's allocation is filler), ends with exactly what its static fields reach, and replays on every
 * plan with the sanity checker; with the whole JDK instrumented (the default) a collections-heavy
 * program's coverage is at least 0.98 and its trace replays everywhere; bad command lines fail with
 * exit 2 and leave no file behind.
 */
class RecordCommandTest {
    private static final List<String> PROGRAMS = List.of("KeptList", "Threads", "Zoo", "Fails", "Words", "Tiny", "Dying", "Lambdas");
    /** Leaves the JDK uninstrumented: what the program's own classes do, counted exactly. */
    private static final String[] APP_ONLY = {"--exclude", "java.", "--exclude", "javax.", "--exclude", "jdk.",
            "--exclude", "sun.", "--exclude", "com.sun.", "--no-startup-heap"};
    private static final String UNRECORDED = "<unrecorded>";

    @TempDir
    static Path classes;

    @TempDir
    Path dir;

    @BeforeAll
    static void compilePrograms() throws IOException {
        List<String> args = new ArrayList<>(List.of("-d", classes.toString()));
        for (String p : PROGRAMS) {
            Path source = classes.resolve(p + ".java");
            try (InputStream in = RecordCommandTest.class.getResourceAsStream("/record/" + p + ".java")) {
                Files.copy(in, source);
            }
            args.add(source.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac failed");
    }

    private Cli.Result record(Path out, String... program) {
        List<String> args = new ArrayList<>(List.of("record", "-o", out.toString()));
        args.addAll(List.of(program));
        return Cli.run(args.toArray(new String[0]));
    }

    private Path recorded(String name, String main, String... options) {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("--", "java", "-cp", classes.toString(), main));
        Cli.Result r = record(out, args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("record: " + out + ": "), r.err());
        return out;
    }

    private static Map<String, Object> stats(Path trace) throws IOException {
        Cli.Result r = Cli.run("trace", "stats", "--json", trace.toString());
        assertEquals(0, r.code(), r.err());
        return JsonTree.object(r.out());
    }

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    /** Allocations per type name, from a text trace's T and A records. */
    private static Map<String, Long> allocationsByType(Path trace) throws IOException {
        Map<String, String> names = new HashMap<>();
        Map<String, Long> counts = new HashMap<>();
        for (String line : Files.readAllLines(trace)) {
            String[] f = line.split(" ", 3);
            if (f[0].equals("T")) {
                names.put(f[1], f[2]);
            } else if (f[0].equals("A")) {
                String[] a = line.split(" ");
                counts.merge(names.get(a[5]), 1L, Long::sum);
            }
        }
        return counts;
    }

    /** The line number of the last {@code A} record of {@code type} in a text trace. */
    private static int lastAllocation(List<String> lines, String type) {
        String id = null;
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            if (f[0].equals("T") && lines.get(i).endsWith(" " + type)) {
                id = f[1];
            } else if (f[0].equals("A") && f[5].equals(id)) {
                last = i;
            }
        }
        return last;
    }

    private static long bytesOfType(Path trace, String type) throws IOException {
        String id = null;
        for (String line : Files.readAllLines(trace)) {
            String[] f = line.split(" ");
            if (f[0].equals("T") && line.endsWith(" " + type)) {
                id = f[1];
            } else if (f[0].equals("A") && f[5].equals(id)) {
                return Long.parseLong(f[3]);
            }
        }
        throw new AssertionError("no object of type " + type);
    }

    /** Replays {@code trace} on every plan with the sanity checker, on 1 and 2 GC threads; returns the runs' JSON. */
    private static List<Map<String, Object>> replayEverywhere(Path trace, String heapFactor) throws IOException {
        List<Map<String, Object>> runs = new ArrayList<>();
        for (Plans.Entry entry : Plans.REGISTRY.all()) {
            String plan = entry.name();
            Map<String, Object> one = null;
            for (String threads : List.of("1", "2")) {
                // nogc never collects: it gets a heap that holds everything
                Cli.Result r = Cli.run("run", "--trace", trace.toString(), "--plan", plan,
                        plan.equals("nogc") ? "--heap=64m" : "--heap-factor=" + heapFactor,
                        "--threads", threads, "--sanity", "--json");
                assertEquals(0, r.code(), plan + ": " + r.err());
                Map<String, Object> json = JsonTree.object(r.out());
                if (one == null) {
                    one = json;
                    runs.add(json);
                } else {
                    for (String field : List.of("gcCount", "bytesCopied", "bytesMarked", "finalLiveObjects", "finalLiveBytes")) {
                        assertEquals(one.get(field), json.get(field), plan + " on 1 and 2 GC threads: " + field);
                    }
                }
            }
        }
        return runs;
    }

    @Test
    void keptListCountsEveryAllocationAndEndsWithWhatTheStaticReaches() throws IOException {
        Path trace = recorded("kept.trace", "KeptList", APP_ONLY);
        Map<String, Long> byType = allocationsByType(trace);
        long filler = byType.getOrDefault(UNRECORDED, 0L);
        byType.remove(UNRECORDED);
        assertEquals(1001L, byType.get("KeptList$Node"), byType.toString());
        assertEquals(2L, byType.get("[I"), byType.toString());
        assertEquals(1001L, byType.get("[Ljava.lang.Object;"), "1000 scratch arrays and one dropped: " + byType);
        assertEquals(null, byType.get("[Ljava.lang.String;"),
                "main's argument array, made before the agent, is never named: main never reads its local: " + byType);
        assertEquals(3, byType.size(), "no <startup> objects with --no-startup-heap: " + byType);
        assertEquals(24 + 8 * 32, bytesOfType(trace, "[Ljava.lang.Object;"), "sizes without compressed oops");
        long node = bytesOfType(trace, "KeptList$Node");
        assertEquals(16 + 8 + 8 + 8, node, "a 16-byte header, two 8-byte references and an int, aligned");
        Map<String, Object> stats = stats(trace);
        assertEquals(2004 + filler, number(stats, "objects"));
        assertEquals(1000, number(stats, "reachableObjects"));
        assertEquals(1000 * node, number(stats, "reachableBytes"));
        List<String> lines = Files.readAllLines(trace);
        assertEquals(2, lines.stream().filter(l -> l.equals("C")).count(), "System.gc() and Runtime.gc(): " + stats);
        assertTrue(lastAllocation(lines, "KeptList$Node") < lastAllocation(lines, "[I"),
                "the last node is allocated at its 'new', before the array made for its constructor's argument");
        int collected = 0;
        for (Map<String, Object> run : replayEverywhere(trace, "4")) {
            if (run.get("plan").equals("serial")) {
                assertTrue(number(run, "fullGcCount") >= 2, "each request is a full collection: " + run);
            }
            assertEquals(2004 + filler, number(run, "objectsAllocated"), run.get("plan") + "");
            assertEquals(1000, number(run, "finalLiveObjects"), run.get("plan") + "");
            assertEquals(1000 * node, number(run, "finalLiveBytes"), run.get("plan") + "");
            collected += number(run, "gcCount") > 0 ? 1 : 0;
        }
        assertTrue(collected >= 6, "the heap is small enough that most plans collect: " + collected);
    }

    /**
     * A reference local is a root while HotSpot's oop maps say it is live, not until it is overwritten:
     * each object of Dying dies (in Merlin's perfect trace) at the first allocation after its local's
     * last read, except that a local read by a handler lives across the whole protected range. Without
     * the liveness every one of them lives until main returns.
     */
    @Test
    void referenceLocalsDieAfterTheirLastReadAsHotSpotSeesThem() throws IOException {
        Path trace = recorded("dying.trace", "Dying", APP_ONLY);
        Path perfect = dir.resolve("dying.perfect");
        Cli.Result r = Cli.run("lifetimes", "-o", perfect.toString(), trace.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(perfect);
        assertTrue(death(lines, "Dying$Dropped") < firstAllocation(lines, "Dying$Early"), "a store never read: dead at once");
        assertTrue(death(lines, "Dying$Early") < firstAllocation(lines, "[B"), "dead after its last read, before loop A");
        assertTrue(death(lines, "Dying$Handled") > lastAllocation(lines, "[I"), "read by the handler: live across loop B");
        assertTrue(death(lines, "Dying$Handled") < firstAllocation(lines, "Dying$Kept"), "dead after the protected range");
        assertTrue(death(lines, "Dying$Kept") > lastAllocation(lines, "[J"), "read after loop C");
        assertTrue(death(lines, "Dying$Kept") < firstAllocation(lines, "[C"), "dead before loop D");
    }

    /**
     * Capturing lambdas are made by {@code Unsafe.allocateInstance}, no {@code NEW}, and concatenated
     * strings' bytes by {@code Unsafe.allocateUninitializedArray}: each is recorded where it is made.
     */
    @Test
    void lambdasAndConcatenationsMadeByUnsafeAreRecorded() throws IOException {
        Path out = dir.resolve("lambdas.trace");
        Cli.Result r = record(out, "--", "java", "-cp", classes.toString(), "Lambdas");
        assertEquals(0, r.code(), r.err());
        long lambdas = 0;
        for (Map.Entry<String, Long> e : allocationsByType(out).entrySet()) {
            if (e.getKey() != null && e.getKey().startsWith("Lambdas$$Lambda")) {
                lambdas += e.getValue();
            }
        }
        assertTrue(lambdas >= 100_000, "one per iteration: " + lambdas);
        assertTrue(allocationsByType(out).get("[B") >= 100_000, "a string's bytes per iteration");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("record: coverage ([0-9.]+) \\(").matcher(r.err());
        assertTrue(m.find(), r.err());
        assertTrue(Double.parseDouble(m.group(1)) >= 0.98, r.err());
    }

    /** The line number of the first {@code A} record of {@code type} in a text trace. */
    private static int firstAllocation(List<String> lines, String type) {
        String id = null;
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            if (f[0].equals("T") && lines.get(i).endsWith(" " + type)) {
                id = f[1];
            } else if (f[0].equals("A") && f[5].equals(id)) {
                return i;
            }
        }
        throw new AssertionError("no object of type " + type);
    }

    /** The line number of the {@code D} record of the first object of {@code type} in a perfect trace. */
    private static int death(List<String> lines, String type) {
        String object = lines.get(firstAllocation(lines, type)).split(" ")[2];
        int at = lines.indexOf("D " + object);
        assertTrue(at >= 0, "no death of " + type);
        return at;
    }

    @Test
    void instrumentedClassesComeFromTheCacheAndRecordTheSameAndObjectsMadeBeforeTheAgentCountApart() throws IOException {
        Path fresh = dir.resolve("kept-fresh.trace");
        Cli.Result r = record(fresh, "--no-class-cache", "--", "java", "-cp", classes.toString(), "KeptList");
        assertEquals(0, r.code(), r.err());
        Path first = recorded("kept-cache-1.trace", "KeptList");
        Path second = recorded("kept-cache-2.trace", "KeptList");
        String digest = AgentJar.write(dir.resolve("agent.jar"));
        Path cache = Path.of(AgentJar.cacheFolder(digest, "include=;exclude="));
        try (var jdks = Files.list(cache)) {
            assertTrue(jdks.anyMatch(jdk -> Files.isRegularFile(jdk.resolve("classes.bin"))), "a snapshot in " + cache);
        }
        Map<String, Long> expected = allocationsByType(fresh);
        expected.remove(UNRECORDED);
        for (Path trace : List.of(first, second)) {
            Map<String, Long> byType = allocationsByType(trace);
            byType.remove(UNRECORDED);
            assertEquals(1001L, byType.get("KeptList$Node"), byType.toString());
            assertEquals(expected.get("[Ljava.lang.Object;"), byType.get("[Ljava.lang.Object;"), byType.toString());
            @SuppressWarnings("unchecked")
            Map<String, Object> counts = (Map<String, Object>) stats(trace).get("recordCounts");
            assertEquals(2, number(counts, "C"), counts.toString());
            for (Map<String, Object> run : replayEverywhere(trace, "4")) {
                assertTrue(number(run, "finalLiveObjects") >= 1000, run.toString());
            }
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("record: coverage ([0-9.]+) \\(.*and ([0-9,]+) bytes of "
                + "objects made before the agent or by the JVM as allocated where first seen: coverage with them ([0-9.]+)").matcher(r.err());
        assertTrue(m.find(), r.err());
        double coverage = Double.parseDouble(m.group(1));
        long adopted = Long.parseLong(m.group(2).replace(",", ""));
        double withThem = Double.parseDouble(m.group(3));
        // the objects the JVM made before the agent (the main thread's, its strings) count apart from the recorded bytes
        assertTrue(adopted > 0 && withThem > coverage, r.err());
    }

    /**
     * The recorder's own allocation is left out exactly, whether classes are instrumented afresh or
     * come from the cache: a tiny program (no invokedynamic, whose bootstrap allocates in hidden classes
     * the recorder cannot see) reads at least 0.98 both ways, and the two readings agree. Before, the
     * allocation of {@code Thread.exit} after its hook counted as the recorder's own once the JVM's
     * count had been read for the last time, and the JVM's copies of each class file shown to the
     * transformer counted as the program's: 0.95 warm and 1.19 afresh on {@code KeptList}.
     */
    @Test
    void coverageOfATinyProgramIsTheSameWithTheClassCacheWarmAndCold() throws IOException {
        double cold = coverage(record(dir.resolve("tiny-cold.trace"), "--no-class-cache", "--", "java", "-cp",
                classes.toString(), "Tiny"));
        record(dir.resolve("tiny-fill.trace"), "--", "java", "-cp", classes.toString(), "Tiny"); // fills the cache
        double warm = coverage(record(dir.resolve("tiny-warm.trace"), "--", "java", "-cp", classes.toString(), "Tiny"));
        assertTrue(cold >= 0.98 && cold <= 1.02, "coverage with classes instrumented afresh " + cold);
        assertTrue(warm >= 0.98 && warm <= 1.02, "coverage with the class cache warm " + warm);
        assertEquals(cold, warm, 0.005, "cold and warm");
    }

    private static double coverage(Cli.Result r) {
        assertEquals(0, r.code(), r.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("record: coverage ([0-9.]+) \\(").matcher(r.err());
        assertTrue(m.find(), r.err());
        assertFalse(r.err().contains("warning"), r.err());
        return Double.parseDouble(m.group(1));
    }

    @Test
    void threadsRecordPerThreadAndKeepEveryPublishedChain() throws IOException {
        Path trace = recorded("threads.trace", "Threads", APP_ONLY);
        Map<String, Object> stats = stats(trace);
        assertEquals(5, number(stats, "threads"), "main and four workers");
        // 4 x 500 nodes, 4 x 500 garbage arrays, the static array, the Thread[] and 4 Threads (main never reads its args)
        Map<String, Long> byType = allocationsByType(trace);
        assertEquals(4006 + byType.getOrDefault(UNRECORDED, 0L), number(stats, "objects"), byType.toString());
        assertEquals(2001, number(stats, "reachableObjects"), "the static array and its four chains");
        for (Map<String, Object> run : replayEverywhere(trace, "4")) {
            assertEquals(2001, number(run, "finalLiveObjects"), run.get("plan") + "");
        }
    }

    @Test
    void zooOfBytecodeShapesReplaysAndTheJdkIsSeen() throws IOException {
        Path plain = recorded("zoo.trace", "Zoo", APP_ONLY);
        long reachable = number(stats(plain), "reachableObjects");
        assertTrue(reachable > 5, "the static fields keep objects: " + reachable);
        for (Map<String, Object> run : replayEverywhere(plain, "4")) {
            assertEquals(reachable, number(run, "finalLiveObjects"), run.get("plan") + "");
        }
        Path withJdk = recorded("zoo-jdk.trace.gz", "Zoo", "--binary");
        long reachableWithJdk = number(stats(withJdk), "reachableObjects");
        assertTrue(reachableWithJdk > reachable, "the map's table and nodes and the list's array are seen: "
                + reachableWithJdk + " against " + reachable);
        for (Map<String, Object> run : replayEverywhere(withJdk, "4")) {
            assertEquals(reachableWithJdk, number(run, "finalLiveObjects"), run.get("plan") + "");
        }
    }

    @Test
    void theWholeJdkIsRecordedWithCoverageAndReplaysEverywhere() throws IOException {
        Path out = dir.resolve("words.trace.gz");
        Cli.Result r = record(out, "--binary", "--", "java", "-cp", classes.toString(), "Words");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("without compressed oops"), r.err());
        double coverage = coverage(r);
        assertTrue(coverage >= 0.98 && coverage <= 1.05, "coverage " + coverage + ": " + r.err());
        Map<String, Object> stats = stats(out);
        @SuppressWarnings("unchecked")
        long writes = number((Map<String, Object>) stats.get("recordCounts"), "W");
        assertTrue(writes > 20_000, "the map's, the builder's and the lists' stores are seen: " + stats);
        assertEquals(2, number((Map<String, Object>) stats.get("recordCounts"), "C"), "two System.gc() calls: " + stats);
        assertTrue(number(stats, "reachableObjects") > 3 * 1000, "the static map keeps its words, nodes and boxes: " + stats);
        long finalLive = number(stats, "reachableBytes");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("start-up heap: ([0-9,]+) bytes allocated before main, ([0-9,]+) live").matcher(r.err());
        assertTrue(m.find(), r.err());
        long startupAllocated = Long.parseLong(m.group(1).replace(",", ""));
        long startupLive = Long.parseLong(m.group(2).replace(",", ""));
        assertTrue(startupLive > 100_000 && startupLive <= startupAllocated, r.err());
        assertTrue(finalLive > startupLive, "global roots hold the live start-up objects to the end: " + stats);
        Path text = dir.resolve("words.trace");
        assertEquals(0, Cli.run("trace", "convert", out.toString(), "-o", text.toString()).code());
        List<String> lines = Files.readAllLines(text);
        String startupType = null;
        long startupBytes = 0;
        boolean programSeen = false;
        for (String line : lines) {
            String[] f = line.split(" ");
            if (f[0].equals("T") && line.endsWith(" <startup>")) {
                startupType = f[1];
            } else if (f[0].equals("A")) {
                if (f[5].equals(startupType)) {
                    assertFalse(programSeen, "the <startup> objects come before the program's first allocation");
                    startupBytes += Long.parseLong(f[3]);
                } else {
                    programSeen = true;
                }
            }
        }
        assertTrue(startupType != null, "a <startup> type");
        assertTrue(startupBytes >= startupAllocated && startupBytes < startupAllocated + 16,
                startupBytes + " <startup> bytes for " + startupAllocated + " allocated before main");
        for (Map<String, Object> run : replayEverywhere(out, "3")) {
            assertEquals(finalLive, number(run, "finalLiveBytes"), run.get("plan") + "");
        }
    }

    /**
     * With no collector named, the recorded JVM runs Parallel GC (and says so) while the start-up probe runs
     * the program's own choice; a collector the program names (in its options or the JVM's option variables)
     * is left alone. Each JVM's unified log ({@code %p}: one file per process) names its collector.
     */
    @Test
    void theRecordedJvmRunsParallelUnlessTheProgramNamesACollector() throws IOException {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        Path out = dir.resolve("parallel.trace");
        Cli.Result r = record(out, "--", "java", "-Xlog:gc:file=" + logs + "/gc-%p.log", "-cp", classes.toString(), "KeptList");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("record: the recorded JVM ran with -XX:+UseParallelGC (no collector named"), r.err());
        List<String> used = collectors(logs);
        assertEquals(2, used.size(), "the program and the probe: " + used);
        assertTrue(used.contains("Using Parallel"), "the program with Parallel, the probe with the JVM's default: " + used);
        Path named = Files.createDirectory(dir.resolve("named"));
        r = record(dir.resolve("serial.trace"), "--", "java", "-XX:+UseSerialGC", "-Xlog:gc:file=" + named + "/gc-%p.log",
                "-cp", classes.toString(), "KeptList");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("recorded JVM ran with"), r.err());
        assertEquals(List.of("Using Serial", "Using Serial"), collectors(named));

        List<String> program = List.of("java", "-cp", "app.jar", "Main", "-XX:+UseG1GC");
        assertFalse(RecordCommand.namesCollector(program, Map.of()), "a program argument is not a JVM option");
        assertTrue(RecordCommand.namesCollector(List.of("java", "-XX:-UseG1GC", "Main"), Map.of()));
        assertFalse(RecordCommand.namesCollector(List.of("java", "-XX:+UseGCOverheadLimit", "Main"), Map.of()));
        assertTrue(RecordCommand.namesCollector(program, Map.of("JAVA_TOOL_OPTIONS", " -Xss2m  -XX:+UseZGC ")));
        assertTrue(RecordCommand.namesCollector(program, Map.of("JDK_JAVA_OPTIONS", "-XX:+UseShenandoahGC")));
    }

    /** The collector each unified GC log in {@code logs} starts with ("Using G1"), sorted. */
    private static List<String> collectors(Path logs) throws IOException {
        List<String> found = new ArrayList<>();
        try (var files = Files.list(logs)) {
            for (Path f : files.toList()) {
                for (String line : Files.readAllLines(f)) {
                    int at = line.indexOf("Using ");
                    if (at >= 0) {
                        found.add(line.substring(at).trim());
                    }
                }
            }
        }
        java.util.Collections.sort(found);
        return found;
    }

    @Test
    void noProgramIsAUsageError() throws IOException {
        Path out = dir.resolve("none.trace");
        Cli.Result r = record(out);
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("no program given; put it after --"), r.err());
        r = record(out, "--", "python3", "x.py");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("'python3' is not java"), r.err());
        r = record(out, "--include", "a,b", "--", "java", "-cp", classes.toString(), "KeptList");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--include 'a,b' is not a class-name prefix"), r.err());
        assertFalse(Files.exists(out));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aFailingProgramWritesNothingAndKeepsTheOldFile() throws IOException {
        Path out = Files.writeString(dir.resolve("old.trace"), "keep me");
        Cli.Result r = record(out, "--", "java", "-cp", classes.toString(), "Fails");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("the program exited with status 3; no trace written"), r.err());
        assertEquals("keep me", Files.readString(out));
        r = record(out, "--", "java", "-cp", classes.toString(), "NoSuchMain");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("exited with status 1"), r.err());
        assertEquals("keep me", Files.readString(out));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void anUnwritableOutputIsRefusedBeforeTheProgramRuns() throws IOException {
        Cli.Result r = record(dir.resolve("no/such/dir/x.trace"), "--", "java", "-cp", classes.toString(), "KeptList");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("no such directory"), r.err());
        Path folder = Files.createDirectory(dir.resolve("folder"));
        r = record(folder, "--", "java", "-cp", classes.toString(), "KeptList");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("exists and is not a regular file"), r.err());
        assertFalse(r.err().contains("record: " + folder + ": "), "the program did not run: " + r.err());
    }

    /** Files in the test's folder other than the ones the tests made (temporary files left behind). */
    private List<Path> leftovers() throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(".jmmtk-")).toList();
        }
    }
}
