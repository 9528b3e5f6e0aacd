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
import java.util.Random;
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
    private static final List<String> PROGRAMS = List.of("KeptList", "Threads", "Zoo", "Fails", "Words", "Tiny", "Dying", "Lambdas", "Captures", "WeakRefs",
            "SharedFirstSights", "Hoard", "Forced", "WideStrings", "BigProducts", "Defines", "Backtraces", "ShortThreads",
            "ManyLiterals", "DroppedLoaders", "Reflected");
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

    /**
     * A program run as a module (`-m`) resolves only the modules it requires: the agent is loaded with
     * -javaagent there (which adds java.instrument) and the modules the recorder needs are added.
     */
    @Test
    void aProgramRunAsAModuleIsRecorded() throws IOException {
        Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("module-info.java"), "module app { }\n");
        Files.writeString(src.resolve("app/Main.java"), "package app;\npublic class Main {\n"
                + "  public static void main(String[] args) {\n    java.util.List<int[]> kept = new java.util.ArrayList<>();\n"
                + "    for (int i = 0; i < 5000; i++) { kept.add(new int[i % 7]); }\n"
                + "    System.out.println(kept.size());\n  }\n}\n");
        Path mods = dir.resolve("mods/app");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", mods.toString(), src.resolve("module-info.java").toString(),
                src.resolve("app/Main.java").toString()), "javac failed");
        Path out = dir.resolve("module.trace");
        Cli.Result r = record(out, "--", "java", "-p", dir.resolve("mods").toString(), "-m", "app/app.Main");
        assertEquals(0, r.code(), r.err());
        assertTrue(number(stats(out), "objects") >= 5000, r.err());
    }

    @Test
    void keptListCountsEveryAllocationAndEndsWithWhatTheStaticReaches() throws IOException {
        Path trace = recorded("kept.trace", "KeptList", APP_ONLY);
        Map<String, Long> byType = allocationsByType(trace);
        long filler = byType.getOrDefault(UNRECORDED, 0L);
        byType.remove(UNRECORDED);
        long jvmMade = madeByTheJvm(byType);
        assertTrue(jvmMade >= 2, "the mirrors of KeptList and KeptList$Node at least: " + byType);
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
        assertEquals(2004 + filler + jvmMade, number(stats, "objects"));
        long jvmBytes = bytesMadeByTheJvm(trace); // held to the end, as HotSpot keeps them with their class loader
        assertEquals(1000 + jvmMade, number(stats, "reachableObjects"));
        assertEquals(1000 * node + jvmBytes, number(stats, "reachableBytes"));
        List<String> lines = Files.readAllLines(trace);
        assertEquals(2, lines.stream().filter(l -> l.equals("C")).count(), "System.gc() and Runtime.gc(): " + stats);
        assertTrue(lastAllocation(lines, "KeptList$Node") < lastAllocation(lines, "[I"),
                "the last node is allocated at its 'new', before the array made for its constructor's argument");
        int collected = 0;
        for (Map<String, Object> run : replayEverywhere(trace, "4")) {
            if (run.get("plan").equals("serial")) {
                assertTrue(number(run, "fullGcCount") >= 2, "each request is a full collection: " + run);
            }
            assertEquals(2004 + filler + jvmMade, number(run, "objectsAllocated"), run.get("plan") + "");
            assertEquals(1000 + jvmMade, number(run, "finalLiveObjects"), run.get("plan") + "");
            assertEquals(1000 * node + jvmBytes, number(run, "finalLiveBytes"), run.get("plan") + "");
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
     * A JVM with an agent made {@code java.lang.invoke}'s shared structures before main, which a plain JVM
     * makes and keeps at the program's first lambda: they are modelled as {@code <links>} objects of the
     * bytes {@link LinkProbe} measured, made on the thread and just before the program's first
     * {@code java.lang.invoke} object and held to the end; a program without one (Tiny) gets none.
     */
    @Test
    void theFirstLinksStructuresAreModelledAtTheProgramsFirstInvokeObject() throws IOException {
        Path out = dir.resolve("links.trace");
        Cli.Result r = record(out, "--", "java", "-cp", classes.toString(), "Lambdas");
        assertEquals(0, r.code(), r.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "first links, which the recorded JVM made before main: ([0-9,]+) bytes a JVM without an agent keeps, "
                        + "modelled as <links> objects").matcher(r.err());
        assertTrue(m.find(), r.err());
        long links = Long.parseLong(m.group(1).replace(",", ""));
        assertTrue(links > 10_000, r.err());
        List<String> lines = Files.readAllLines(out);
        Map<String, String> names = new HashMap<>();
        long linkBytes = 0;
        String linkThread = null;
        int allocations = 0;
        int lastLink = -1;
        int firstInvoke = -1;
        for (String line : lines) {
            String[] f = line.split(" ");
            if (f[0].equals("T")) {
                names.put(f[1], line.substring(line.indexOf(' ', 2) + 1));
            } else if (f[0].equals("A")) {
                allocations++;
                String type = names.get(f[5]);
                if (type.equals("<links>")) {
                    assertTrue(firstInvoke < 0 && (lastLink < 0 || lastLink == allocations - 1), "one run, before " + line);
                    lastLink = allocations;
                    linkBytes += Long.parseLong(f[3]);
                    linkThread = f[1];
                } else if (type.startsWith("java.lang.invoke.") && firstInvoke < 0) {
                    firstInvoke = allocations;
                    assertEquals(lastLink + 1, firstInvoke, "the <links> objects come right before " + line);
                    assertEquals(linkThread, f[1], "on its thread");
                }
            }
        }
        // no bytecode makes a class's mirror: each is held by a global root from where it is first seen
        int mirrors = 0;
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            if (f[0].equals("A") && "java.lang.Class".equals(names.get(f[5]))) {
                mirrors++;
                String[] next = lines.get(i + 1).split(" ");
                assertTrue(next[0].equals("G") && next[2].equals(f[2]), "a mirror held where first seen: " + lines.get(i + 1));
            }
        }
        assertTrue(mirrors > 0 && r.err().contains(String.format(java.util.Locale.ROOT, "record: %,d class mirrors", mirrors)),
                mirrors + " mirrors: " + r.err());
        assertTrue(firstInvoke > 0 && linkBytes >= links && linkBytes < links + 8, linkBytes + " <links> bytes for " + links);
        assertTrue(number(stats(out), "reachableBytes") > links, "held to the end");

        Cli.Result tiny = record(dir.resolve("tiny-links.trace"), "--", "java", "-cp", classes.toString(), "Tiny");
        assertEquals(0, tiny.code(), tiny.err());
        assertTrue(tiny.err().contains("not modelled: the program made no java.lang.invoke object"), tiny.err());
        assertFalse(allocationsByType(dir.resolve("tiny-links.trace")).containsKey("<links>"));
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

    /**
     * A string made from chars outside Latin-1 gets its bytes from {@code StringUTF16.toBytes(char[],
     * int, int)}, which C2 replaces by an intrinsic that allocates the array without running the
     * method's bytecode: the array is recorded at the call site, so the coverage stays at least 0.98
     * once C2 has compiled the loop (it was 0.63 with the arrays first seen in their strings).
     */
    @Test
    void bytesAnIntrinsicAllocatesAreRecordedAtItsCallSite() throws IOException {
        Path out = dir.resolve("wide.trace");
        Cli.Result r = record(out, "--", "java", "-cp", classes.toString(), "WideStrings");
        assertEquals(0, r.code(), r.err());
        assertTrue(coverage(r) >= 0.98, r.err());
        assertTrue(allocationsByType(out).get("[B") >= 300_000, "a string's bytes per iteration");
    }

    /** The same for a BigInteger product's magnitude, which C2's intrinsic allocates (coverage 0.80 before). */
    @Test
    void productsAnIntrinsicAllocatesAreRecordedAtItsCallSite() throws IOException {
        Path out = dir.resolve("products.trace");
        Cli.Result r = record(out, "--", "java", "-cp", classes.toString(), "BigProducts");
        assertEquals(0, r.code(), r.err());
        assertTrue(coverage(r) >= 0.98, r.err());
        assertTrue(allocationsByType(out).get("[I") >= 300_000, "a product's magnitude per iteration");
    }

    /**
     * The JVM makes a throwable's backtrace in {@code fillInStackTrace} (an {@code Object[6]} chunk with a
     * {@code long[32]} among its arrays) with no bytecode: the recorder records its arrays after the
     * native call, and the throwable's field that holds them, so the coverage stays at least 0.98 (0.08
     * with backtraces unrecorded) and a kept exception's backtrace lives as long as the exception: the
     * 5,000 kept to the end, the 45,000 dropped at once die.
     */
    @Test
    void aBacktraceTheJvmMakesIsRecordedAndLivesWithItsThrowable() throws IOException {
        Path trace = dir.resolve("backtraces.trace");
        Cli.Result r = record(trace, "--", "java", "-cp", classes.toString(), "Backtraces");
        assertTrue(coverage(r) >= 0.98, r.err());
        Path perfect = dir.resolve("backtraces.perfect");
        r = Cli.run("lifetimes", "-o", perfect.toString(), trace.toString());
        assertEquals(0, r.code(), r.err());
        List<Integer> deaths = deaths(Files.readAllLines(perfect), "[J");
        long kept = deaths.stream().filter(d -> d < 0).count();
        assertTrue(deaths.size() >= 50_000, "a backtrace's long[32] per exception: " + deaths.size());
        assertTrue(kept >= 5_000 && kept < 5_500, "the kept exceptions' backtraces live to the end: " + kept);
    }

    /**
     * A string the JVM made (a literal that {@code ldc} resolved) is first seen where the program stores it,
     * and recorded there with its {@code value} array and the store that holds it: every string alive at
     * the end of ManyLiterals (its 600 literals among them) holds a byte array. Before, such a string held
     * nothing and its array was unrecorded allocation that died at once.
     */
    @Test
    void aStringTheJvmMadeIsRecordedWithItsValue() throws IOException {
        List<String> lines = perfectLines("ManyLiterals");
        long strings = aliveAtEnd(lines, "java.lang.String");
        long arrays = aliveAtEnd(lines, "[B");
        assertTrue(strings >= 600, "the literals live to the end: " + strings);
        assertTrue(arrays >= strings, "each string alive at the end holds its value: " + arrays + " byte arrays, "
                + strings + " strings");
    }

    /**
     * A class's mirror holds its defining loader ({@code Class.classLoader}, set by the JVM alone), and a
     * loader holds what {@code ClassLoader}'s own fields hold (which reflection filters out): each of the
     * 40 loaders DroppedLoaders drops at once lives to the end through the mirror of the class it defined,
     * as HotSpot's young collections keep it, with its unnamed module ({@code ClassLoader.unnamedModule}).
     * Before, every loader and module died at its last mention.
     */
    @Test
    void aMirrorHoldsItsLoaderAndTheLoaderItsFields() throws IOException {
        List<String> lines = perfectLines("DroppedLoaders");
        List<Integer> loaders = deaths(lines, "DroppedLoaders$ChildFirst");
        assertEquals(40, loaders.size(), "the program's loaders");
        assertEquals(40, loaders.stream().filter(d -> d < 0).count(), "every loader lives to the end: " + loaders);
        long modules = aliveAtEnd(lines, "java.lang.Module");
        assertTrue(modules >= 40, "each loader's unnamed module lives to the end: " + modules);
    }

    /**
     * The root {@code Method} objects the JVM makes at a class's first reflective lookup, with their
     * parameter types' arrays, live as long as the mirror's {@code ReflectionData} keeps them (to the end
     * here): Reflected has 24 two-parameter methods besides {@code main}. Before, the JVM's array of roots
     * was adopted without its elements, so the roots died at their last mention and their arrays were
     * filler that died at once.
     */
    @Test
    void theJvmsReflectionObjectsAreRecordedWithWhatTheyHold() throws IOException {
        List<String> lines = perfectLines("Reflected");
        long methods = aliveAtEnd(lines, "java.lang.reflect.Method");
        assertTrue(methods >= 24, "the class's root methods live to the end: " + methods);
        long parameters = aliveAtEnd(lines, "[Ljava.lang.Class;");
        assertTrue(parameters >= 24, "each root method's parameter types live to the end: " + parameters);
    }

    /**
     * A thread gives its trace number back when it ends: 1,200 threads run one after another fit a
     * replay's 1023 (before, {@code record} failed with "too many threads"); each ended thread's frame slots
     * are cleared with its end, so the 1,200 {@code Thread} objects, which main does not keep, die instead
     * of being held to the end by a slot of a thread that ended. Each ended thread's end is an {@code X}
     * record, which serial replays.
     */
    @Test
    void threadsThatEndedGiveTheirNumbersBack() throws IOException {
        Path trace = dir.resolve("short-threads.trace");
        Cli.Result r = record(trace, "--", "java", "-cp", classes.toString(), "ShortThreads", "50");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> stats = stats(trace);
        assertTrue(number(stats, "threads") <= 1023, "threads: " + stats);
        @SuppressWarnings("unchecked")
        Map<String, Object> counts = (Map<String, Object>) stats.get("recordCounts");
        long ends = counts.containsKey("X") ? number(counts, "X") : 0;
        assertTrue(ends >= 1_200 && ends <= 1_210, "one thread-end record per ended thread (the program's 1,200, "
                + "main's and the JVM's few that end): " + ends);
        assertEquals(0, Cli.run("run", "--trace", trace.toString(), "--plan", "serial", "--heap", "64m").code(),
                "serial replays the threads' ends");
        Path perfect = dir.resolve("short-threads.perfect");
        r = Cli.run("lifetimes", "-o", perfect.toString(), trace.toString());
        assertEquals(0, r.code(), r.err());
        List<Integer> deaths = deaths(Files.readAllLines(perfect), "java.lang.Thread");
        assertTrue(deaths.size() >= 1_200, "the program's threads: " + deaths.size());
        long kept = deaths.stream().filter(d -> d < 0).count();
        assertTrue(kept <= 5, "the ended threads' Thread objects die (main's and the JVM's live on): " + kept);
    }

    /**
     * What the recorder keeps of a thread that ended is small: 1,200 threads that each hand full chunks of
     * events over are recorded in a 64 MB heap (when an ended thread kept its spare chunks, up to 256 KB
     * each, the recording ran out of memory).
     */
    @Test
    void endedThreadsLeaveTheirChunksBehind() throws IOException {
        Path trace = dir.resolve("many-threads.trace");
        Cli.Result r = record(trace, "--binary", "--", "java", "-Xmx64m", "-cp", classes.toString(), "ShortThreads", "3000");
        assertEquals(0, r.code(), r.err());
        assertTrue(number(stats(trace), "objects") >= 1_200 * 3_000, r.err());
    }

    /**
     * A lambda's hidden class stores what it captured where no transformer sees; the recorder records
     * those references at the call site, so each captured object lives as long as its lambda holds it.
     * Captures makes lambdas, bound method references and serializable lambdas that are never called,
     * so nothing mentions their payloads after the capture: the kept ones must live to the end (reached
     * from a static through the lambdas), the dropped ones die when their lambdas are dropped, not at
     * their last mention (before the recorder saw the captures every payload died at its capture). A
     * non-capturing lambda is made once. The recorded JVM runs C1 only: no C2 compile loads a class
     * while a transformer runs.
     */
    @Test
    void whatALambdaCapturesLivesAsLongAsTheLambdaHoldsIt() throws IOException {
        Path trace = dir.resolve("captures.trace");
        Cli.Result r = record(trace, "--", "java", "-XX:TieredStopAtLevel=1", "-cp", classes.toString(), "Captures");
        assertEquals(0, r.code(), r.err());
        Path perfect = dir.resolve("captures.perfect");
        r = Cli.run("lifetimes", "-o", perfect.toString(), trace.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(perfect);
        for (String kept : List.of("Captures$Kept", "Captures$Bound", "Captures$Serial")) {
            List<Integer> deaths = deaths(lines, kept);
            assertEquals(20, deaths.size(), kept);
            assertTrue(deaths.stream().allMatch(d -> d < 0), kept + " is held by a kept lambda to the end: " + deaths);
        }
        int drop = firstAllocation(lines, "Captures$BeforeDrop");
        int marker = firstAllocation(lines, "Captures$Marker");
        for (String dropped : List.of("Captures$Dropped", "Captures$Other")) {
            List<Integer> deaths = deaths(lines, dropped);
            assertEquals(20, deaths.size(), dropped);
            assertTrue(deaths.stream().allMatch(d -> d > drop && d < marker),
                    dropped + " dies when its lambda is dropped, between lines " + drop + " and " + marker + ": " + deaths);
        }
        Map<String, Long> lambdas = new HashMap<>();
        for (Map.Entry<String, Long> e : allocationsByType(perfect).entrySet()) {
            if (e.getKey() != null && e.getKey().startsWith("Captures$$Lambda")) {
                lambdas.put(e.getKey(), e.getValue());
            }
        }
        assertEquals(List.of(1L, 20L, 20L, 20L, 20L), lambdas.values().stream().sorted().toList(),
                "four capturing call sites made 20 each, the non-capturing one a single lambda: " + lambdas);
    }

    /**
     * WeakRefs keeps weak, soft and phantom references for the whole run and nothing else holds their
     * referents. The trace marks the referent slot of {@code WeakReference} and {@code PhantomReference}
     * weak ({@code K}), not {@code SoftReference}'s, and every Weakly object is stored into that slot;
     * the post-pass takes the weak slot as no edge, so each Held object, which the program gets back
     * with {@code get()} after its last strong holder (a static list) let it go, is pinned (a {@code G}
     * of it) until that use; with the slot taken as an edge it is never pinned. The recorded JVM gets a young generation of 512 MB,
     * so no collection of its own clears a referent before the program asks for it. A replay without
     * reference processing keeps the weak referents as fields (the sanity checker agrees).
     */
    @Test
    void weakAndPhantomReferentSlotsAreMarkedAndObjectsFetchedFromThemArePinned() throws IOException {
        Path trace = dir.resolve("weak.trace");
        // the first pass follows the log while the program runs: WeakReference's type is made in main, and when
        // that is after the writer's last sweep its weak slot reaches the follower only from the finished log
        Cli.Result r = record(trace, "--", "java", "-Xms1g", "-Xmx1g", "-Xmn512m",
                "-XX:TieredStopAtLevel=1", "-cp", classes.toString(), "WeakRefs");
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(trace);
        Map<String, String> typeIds = new HashMap<>();
        Map<String, String> weakSlots = new HashMap<>();
        Map<String, String> typeOf = new HashMap<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            switch (f[0]) {
                case "T" -> typeIds.put(line.split(" ", 3)[2], f[1]);
                case "K" -> weakSlots.put(f[1], f[2]);
                case "A" -> typeOf.put(f[2], f[5]);
                default -> { }
            }
        }
        String weakRef = typeIds.get("java.lang.ref.WeakReference");
        assertTrue(weakSlots.containsKey(weakRef), "WeakReference's referent is weak");
        assertTrue(weakSlots.containsKey(typeIds.get("java.lang.ref.PhantomReference")), "PhantomReference's too");
        assertFalse(weakSlots.containsKey(typeIds.get("java.lang.ref.SoftReference")), "SoftReference's is strong");
        String weakly = typeIds.get("WeakRefs$Weakly");
        String held = typeIds.get("WeakRefs$Held");
        int weaklyStores = 0;
        java.util.Set<String> heldPinned = new java.util.HashSet<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            if (f[0].equals("W") && weakly.equals(typeOf.get(f[4]))) {
                assertEquals(weakRef, typeOf.get(f[2]), line);
                assertEquals(weakSlots.get(weakRef), f[3], "a Weakly object is stored into the weak slot: " + line);
                weaklyStores++;
            } else if (f[0].equals("G") && held.equals(typeOf.get(f[2]))) {
                heldPinned.add(f[2]);
            }
        }
        assertEquals(20, weaklyStores);
        // held strongly by a static list, then only weakly, then fetched: without the weak slot no pin at all
        assertEquals(20, heldPinned.size(), "every Held object is pinned from where only its weak reference holds it");
        r = Cli.run("run", "--trace", trace.toString(), "--plan", "serial", "--heap", "256m", "--nursery", "8m",
                "--sanity", "--json");
        assertEquals(0, r.code(), r.err());
    }

    /**
     * The objects HotSpot makes for a class it defines while the program runs, where no bytecode shows them:
     * the mirror, as large as the class's static fields make it ({@code Defines$Statics}: 37 longs, 296 bytes
     * more than a mirror without statics), recorded once although the program touches it later, and the
     * resolved references, one place per string literal ({@code Defines$Literals}: five); both held by a
     * global root to the end.
     */
    @Test
    void aDefinedClassesMirrorAndResolvedReferencesAreRecordedOnceAndHeld() throws IOException {
        Path out = dir.resolve("defines.trace");
        Cli.Result r = record(out, "--", "java", "-cp", classes.toString(), "Defines");
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(out);
        Map<String, String> names = new HashMap<>();
        List<String[]> made = new ArrayList<>(); // the mirrors and resolved references, in order
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            if (f[0].equals("T")) {
                names.put(f[1], lines.get(i).substring(lines.get(i).indexOf(' ', 2) + 1));
            } else if (f[0].equals("A") && (names.get(f[5]).equals("java.lang.Class") || names.get(f[5]).equals("<resolved references>"))) {
                String[] next = lines.get(i + 1).split(" ");
                assertTrue(next[0].equals("G") && next[2].equals(f[2]), "held where recorded: " + lines.get(i + 1));
                made.add(new String[] {names.get(f[5]), f[3], f[4]});
            }
        }
        long plain = Long.MAX_VALUE;
        int mirrors = 0;
        for (String[] m : made) {
            if (m[0].equals("java.lang.Class")) {
                plain = Math.min(plain, Long.parseLong(m[1]));
                mirrors++;
            }
        }
        int statics = 0;
        int literals = 0;
        for (int i = 0; i < made.size(); i++) {
            if (made.get(i)[0].equals("java.lang.Class") && Long.parseLong(made.get(i)[1]) == plain + 37 * 8) {
                statics++;
            } else if (made.get(i)[0].equals("java.lang.Class") && Long.parseLong(made.get(i)[1]) == plain + 5 * 8) {
                literals++;
                String[] references = made.get(i + 1);
                assertEquals("<resolved references>", references[0], "Literals' resolved references follow its mirror");
                assertEquals("5", references[2], "a place per literal");
                assertEquals(24 + 5 * 8, Long.parseLong(references[1]), "an Object[5] without compressed oops");
            }
        }
        assertEquals(1, statics, "Statics' mirror, once");
        assertEquals(1, literals, "Literals' mirror");
        assertTrue(r.err().contains(String.format(java.util.Locale.ROOT, "record: %,d class mirrors (java.lang.Class objects, "
                + "which the JVM makes) and %,d classes' resolved references", mirrors, made.size() - mirrors)), r.err());
    }

    /**
     * Lambdas of random shapes (seeded): up to eight captured values among {@code int}, {@code long},
     * {@code double}, {@code boolean}, a {@code long[]} whose length names its shape and place, a null
     * {@code long[]}, a string and the enclosing instance, and bound method references. Every lambda
     * object gets one store per captured reference, into the slot of its hidden class's field for that
     * argument (the references' order among the arguments, as the class declares {@code arg$1, arg$2,
     * ...}), each naming what was captured there; the wide arguments kept in locals around the call
     * come back intact (the program checks its sums).
     */
    @Test
    void eachCapturedReferenceIsStoredIntoItsLambdasFieldForIt() throws IOException {
        Random random = new Random(32);
        int shapes = 24;
        List<List<Character>> kinds = new ArrayList<>();
        StringBuilder src = new StringBuilder("import java.util.function.Supplier;\n"
                + "public class Shapes {\n  interface F { long get(); }\n"
                + "  static final java.util.List<Object> HELD = new java.util.ArrayList<>();\n  long field = 3;\n");
        StringBuilder calls = new StringBuilder();
        long expectedSum = 0;
        for (int s = 0; s < shapes; s++) {
            List<Character> shape = new ArrayList<>();
            if (s % 6 == 5) {
                shape.add('A'); // a bound method reference: arr::clone
                src.append("  static Supplier<Object> s").append(s).append("(long[] a0) { return a0::clone; }\n");
                calls.append("      HELD.add(s").append(s).append("(new long[").append(length(s, 0)).append("]));\n");
                kinds.add(shape);
                continue;
            }
            boolean instance = s % 4 == 3;
            if (instance) {
                shape.add('T');
            }
            int n = 1 + random.nextInt(8);
            for (int a = 0; a < n; a++) {
                shape.add("IJDZANS".charAt(random.nextInt(7)));
            }
            if (!shape.contains('A')) {
                shape.set(shape.size() - 1, 'A'); // at least one array names the shape
            }
            int first = instance ? 1 : 0;
            StringBuilder params = new StringBuilder();
            StringBuilder args = new StringBuilder();
            StringBuilder body = new StringBuilder(instance ? "field" : "0");
            expectedSum += instance ? 3 : 0;
            for (int a = first; a < shape.size(); a++) {
                String name = "a" + a;
                String sep = a == first ? "" : ", ";
                switch (shape.get(a)) {
                    case 'I' -> { params.append(sep).append("int ").append(name); args.append(sep).append(a); body.append(" + ").append(name); expectedSum += a; }
                    case 'J' -> { params.append(sep).append("long ").append(name); args.append(sep).append(a + 1_000_000_000_000L).append("L");
                        body.append(" + (").append(name).append(" - 1_000_000_000_000L)"); expectedSum += a; }
                    case 'D' -> { params.append(sep).append("double ").append(name); args.append(sep).append(a).append(".5");
                        body.append(" + (long) (").append(name).append(" * 2)"); expectedSum += 2L * a + 1; }
                    case 'Z' -> { params.append(sep).append("boolean ").append(name); args.append(sep).append("true"); body.append(" + (").append(name).append(" ? 1 : 0)"); expectedSum += 1; }
                    case 'A' -> { params.append(sep).append("long[] ").append(name); args.append(sep).append("new long[").append(length(s, a)).append("]");
                        body.append(" + ").append(name).append(".length"); expectedSum += length(s, a); }
                    case 'N' -> { params.append(sep).append("long[] ").append(name); args.append(sep).append("null"); body.append(" + (").append(name).append(" == null ? 1 : 0)"); expectedSum += 1; }
                    default -> { params.append(sep).append("String ").append(name); args.append(sep).append("\"s").append(s).append("\""); body.append(" + ").append(name).append(".length()");
                        expectedSum += ("s" + s).length(); }
                }
            }
            src.append("  ").append(instance ? "" : "static ").append("F s").append(s).append("(").append(params).append(") { return () -> ")
                    .append(body).append("; }\n");
            calls.append("      HELD.add(").append(instance ? "new Shapes()." : "").append("s").append(s).append("(").append(args).append("));\n");
            kinds.add(shape);
        }
        for (int s = 5; s < shapes; s += 6) {
            expectedSum += length(s, 0);
        }
        // a wrong sum exits 3, and record with 2
        src.append("  public static void main(String[] args) {\n    long sum = 0;\n    for (int r = 0; r < 3; r++) {\n").append(calls)
                .append("    }\n    for (Object o : HELD) {\n      sum += o instanceof F f ? f.get() : ((long[]) ((Supplier<?>) o).get()).length;\n    }\n")
                .append("    if (sum != ").append(3 * expectedSum).append("L) {\n      System.exit(3);\n    }\n  }\n}\n");
        Path shapesDir = dir.resolve("shapes");
        Files.createDirectories(shapesDir);
        Path source = shapesDir.resolve("Shapes.java");
        Files.writeString(source, src);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", shapesDir.toString(), source.toString()), src.toString());
        Path trace = dir.resolve("shapes.trace");
        Cli.Result r = record(trace, "--", "java", "-XX:TieredStopAtLevel=1", "-cp", shapesDir.toString(), "Shapes");
        assertEquals(0, r.code(), "the program checks that the captured values reach the lambdas intact: " + r.err());

        Map<String, String> typeNames = new HashMap<>();
        Map<String, String> typeOf = new HashMap<>();
        Map<String, Long> sizeOf = new HashMap<>();
        Map<String, Map<Integer, String>> stores = new HashMap<>();
        for (String line : Files.readAllLines(trace)) {
            String[] f = line.split(" ");
            if (f[0].equals("T")) {
                typeNames.put(f[1], line.split(" ", 3)[2]);
            } else if (f[0].equals("A")) {
                typeOf.put(f[2], typeNames.get(f[5]));
                sizeOf.put(f[2], Long.parseLong(f[3]));
            } else if (f[0].equals("W") && typeOf.get(f[2]).startsWith("Shapes$$Lambda")) {
                String old = stores.computeIfAbsent(f[2], k -> new HashMap<>()).put(Integer.parseInt(f[3]), f[4]);
                assertEquals(null, old, "one store per captured reference: " + line);
            }
        }
        int lambdas = 0;
        for (Map.Entry<String, Map<Integer, String>> e : stores.entrySet()) {
            int shape = -1;
            for (String target : e.getValue().values()) {
                if ("[J".equals(typeOf.get(target))) {
                    shape = (int) ((sizeOf.get(target) - 24) / 8 - 1) / 10;
                }
            }
            assertTrue(shape >= 0 && shape < shapes, "a lambda names its shape by an array: " + e);
            Map<Integer, String> expected = new HashMap<>();
            List<Character> shape0 = kinds.get(shape);
            int slot = 0;
            for (int a = 0; a < shape0.size(); a++) {
                switch (shape0.get(a)) {
                    case 'A' -> expected.put(slot++, "[J " + (24 + 8L * length(shape, a)));
                    case 'N' -> expected.put(slot++, "null");
                    case 'S' -> expected.put(slot++, "java.lang.String");
                    case 'T' -> expected.put(slot++, "Shapes");
                    default -> {
                    }
                }
            }
            Map<Integer, String> seen = new HashMap<>();
            for (Map.Entry<Integer, String> w : e.getValue().entrySet()) {
                String t = typeOf.get(w.getValue());
                seen.put(w.getKey(), w.getValue().equals("0") ? "null" : t.equals("[J") ? t + " " + sizeOf.get(w.getValue()) : t);
            }
            assertEquals(expected, seen, "shape " + shape + " " + shape0);
            lambdas++;
        }
        assertEquals(3 * shapes, lambdas, "every lambda's captures are recorded");
    }

    /** The length of the array captured as argument {@code a} of shape {@code s}: its size in the trace names both. */
    private static int length(int s, int a) {
        return 1 + 10 * s + a;
    }

    /** The line of the {@code D} record of each object of {@code type} in a perfect trace (-1: alive at the end), in allocation order. */
    /** The perfect trace ('jmmtk lifetimes') of a recording of test program {@code main}, by line. */
    private List<String> perfectLines(String main) throws IOException {
        Path trace = dir.resolve(main + ".trace");
        Cli.Result r = record(trace, "--", "java", "-cp", classes.toString(), main);
        assertEquals(0, r.code(), r.err());
        Path perfect = dir.resolve(main + ".perfect");
        r = Cli.run("lifetimes", "-o", perfect.toString(), trace.toString());
        assertEquals(0, r.code(), r.err());
        return Files.readAllLines(perfect);
    }

    /** How many objects of {@code type} a perfect trace has alive at its end. */
    private static long aliveAtEnd(List<String> lines, String type) {
        return deaths(lines, type).stream().filter(d -> d < 0).count();
    }

    private static List<Integer> deaths(List<String> lines, String type) {
        String typeId = null;
        Map<String, Integer> deathOf = new HashMap<>();
        List<String> objects = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            if (f[0].equals("T") && lines.get(i).endsWith(" " + type)) {
                typeId = f[1];
            } else if (f[0].equals("A") && f[5].equals(typeId)) {
                objects.add(f[2]);
            } else if (f[0].equals("D")) {
                deathOf.put(f[1], i);
            }
        }
        List<Integer> deaths = new ArrayList<>();
        for (String o : objects) {
            deaths.add(deathOf.getOrDefault(o, -1));
        }
        return deaths;
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

    /**
     * Removes from {@code byType} and counts the objects HotSpot makes for the classes the program defines
     * (mirrors and resolved references, modelled even where the JDK is left uninstrumented).
     */
    private static long madeByTheJvm(Map<String, Long> byType) {
        Long mirrors = byType.remove("java.lang.Class");
        Long resolved = byType.remove("<resolved references>");
        return (mirrors == null ? 0 : mirrors) + (resolved == null ? 0 : resolved);
    }

    /** The bytes of the mirrors and resolved references in {@code trace}. */
    private static long bytesMadeByTheJvm(Path trace) throws IOException {
        Map<String, String> names = new HashMap<>();
        long bytes = 0;
        for (String line : Files.readAllLines(trace)) {
            String[] f = line.split(" ");
            if (f[0].equals("T")) {
                names.put(f[1], line.substring(line.indexOf(' ', 2) + 1));
            } else if (f[0].equals("A") && (names.get(f[5]).equals("java.lang.Class") || names.get(f[5]).equals("<resolved references>"))) {
                bytes += Long.parseLong(f[3]);
            }
        }
        return bytes;
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
        long filler = byType.getOrDefault(UNRECORDED, 0L);
        long jvmMade = madeByTheJvm(byType);
        assertEquals(4006 + filler + jvmMade, number(stats, "objects"), byType.toString());
        assertEquals(2001 + jvmMade, number(stats, "reachableObjects"), "the static array and its four chains, and the classes' objects");
        for (Map<String, Object> run : replayEverywhere(trace, "4")) {
            assertEquals(2001 + jvmMade, number(run, "finalLiveObjects"), run.get("plan") + "");
        }
    }

    /**
     * Two threads name the same unseen objects at once: the one that first sees an object records its
     * allocation before the other can find its id (main recorded a store before it at times: "store
     * into object N, which was never allocated", 3 of 3 recordings of this program on a loaded machine).
     */
    @Test
    void objectsTwoThreadsFirstSeeAtOnceAreAllocatedBeforeEitherStoresIntoThem() throws IOException {
        List<String> options = new ArrayList<>(List.of(APP_ONLY));
        options.addAll(List.of("--exclude", "UnseenBoxes"));
        Path trace = recorded("first-sights.trace", "SharedFirstSights", options.toArray(new String[0]));
        Path text = dir.resolve("first-sights.txt");
        assertEquals(0, Cli.run("trace", "convert", trace.toString(), "-o", text.toString()).code());
        assertEquals(80_000L, allocationsByType(text).get("UnseenBoxes$Box"), "each box allocated once, where first seen");
        @SuppressWarnings("unchecked")
        long writes = number((Map<String, Object>) stats(trace).get("recordCounts"), "W");
        assertTrue(writes >= 160_000, "both threads' stores into every box: " + writes);
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
     * The recorder loads no {@code java.util.regex} class before the program's {@code main} (its class
     * cache's file name was made with {@code replaceAll}: 39 classes whose static objects a JVM without
     * the agent makes while the program runs, if it uses regular expressions, and the recording then
     * missed). Read from the recorded JVM's class-loading log ({@code %p}: one file per process).
     */
    @Test
    void theRecorderLoadsNoRegularExpressionClassBeforeMain() throws IOException {
        Path logs = Files.createDirectory(dir.resolve("class-logs"));
        Cli.Result r = record(dir.resolve("tiny-classes.trace"), "--", "java", "-Xlog:class+load:file=" + logs + "/cl-%p.log",
                "-cp", classes.toString(), "Tiny");
        assertEquals(0, r.code(), r.err());
        List<String> beforeMain = null;
        try (var files = Files.list(logs)) {
            for (Path f : files.toList()) {
                List<String> lines = Files.readAllLines(f);
                int main = -1;
                for (int i = 0; i < lines.size() && main < 0; i++) {
                    if (lines.get(i).contains(" Tiny source: ")) {
                        main = i;
                    }
                }
                if (main >= 0) {
                    beforeMain = lines.subList(0, main);
                }
            }
        }
        assertTrue(beforeMain != null, "the recorded JVM's log names the program's class");
        List<String> regex = beforeMain.stream().filter(l -> l.contains(" java.util.regex.")).toList();
        assertTrue(regex.isEmpty(), "regular-expression classes loaded before main: " + regex);
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
        Cli.Result r = record(out, "--", "java", "-Xlog:gc,gc+init:file=" + logs + "/gc-%p.log", "-cp", classes.toString(), "KeptList");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("record: the recorded JVM ran with -XX:+UseParallelGC (no collector named"), r.err());
        List<String> used = collectors(logs);
        assertEquals(2, used.size(), "the program and the probe: " + used);
        assertTrue(used.contains("Using Parallel"), "the program with Parallel, the probe with the JVM's default: " + used);
        List<String> heap = RecordingHeap.options(((com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize());
        if (!heap.isEmpty()) { // a machine of less than 1 GB keeps the JVM's defaults
            assertTrue(r.err().contains("; its heap: " + String.join(" ", heap) + " (no heap size named)"), r.err());
            long initialMb = Long.parseLong(heap.get(1).replaceAll("\\D", ""));
            String capacity = initialMb % 1024 == 0 ? initialMb / 1024 + "G" : initialMb + "M";
            assertEquals(List.of(capacity), initialCapacities(logs, "Using Parallel"), "the recorded JVM's initial heap");
        }
        Path sized = Files.createDirectory(dir.resolve("sized"));
        r = record(dir.resolve("sized.trace"), "--", "java", "-Xmx256m", "-Xlog:gc,gc+init:file=" + sized + "/gc-%p.log",
                "-cp", classes.toString(), "KeptList");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("record: the recorded JVM ran with -XX:+UseParallelGC (no collector named"), r.err());
        assertFalse(r.err().contains("its heap:"), "a program that sizes its heap keeps its sizes: " + r.err());
        List<String> own = initialCapacities(sized, "Using Parallel");
        assertEquals(1, own.size(), own.toString());
        assertTrue(own.get(0).matches("\\d+[BKM]") && !own.get(0).matches("\\d{4,}M"), "at most -Xmx256m: " + own);
        Path named = Files.createDirectory(dir.resolve("named"));
        r = record(dir.resolve("serial.trace"), "--", "java", "-XX:+UseSerialGC", "-Xlog:gc:file=" + named + "/gc-%p.log",
                "-cp", classes.toString(), "KeptList");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.err().contains("recorded JVM ran with"), r.err());
        assertEquals(List.of("Using Serial", "Using Serial"), collectors(named));

        List<String> program = List.of("java", "-cp", "app.jar", "Main", "-XX:+UseG1GC");
        assertFalse(RecordCommand.namesCollector(RecordCommand.programOptions(program, Map.of())), "a program argument is not a JVM option");
        assertTrue(RecordCommand.namesCollector(RecordCommand.programOptions(List.of("java", "-XX:-UseG1GC", "Main"), Map.of())));
        assertFalse(RecordCommand.namesCollector(RecordCommand.programOptions(List.of("java", "-XX:+UseGCOverheadLimit", "Main"), Map.of())));
        assertTrue(RecordCommand.namesCollector(RecordCommand.programOptions(program, Map.of("JAVA_TOOL_OPTIONS", " -Xss2m  -XX:+UseZGC "))));
        assertTrue(RecordCommand.namesCollector(RecordCommand.programOptions(program, Map.of("JDK_JAVA_OPTIONS", "-XX:+UseShenandoahGC"))));
    }

    /** The initial heap capacities ("Heap Initial Capacity: 2G") of the JVMs whose log in {@code logs} names {@code collector}. */
    private static List<String> initialCapacities(Path logs, String collector) throws IOException {
        List<String> found = new ArrayList<>();
        try (var files = Files.list(logs)) {
            for (Path f : files.toList()) {
                List<String> lines = Files.readAllLines(f);
                if (lines.stream().anyMatch(l -> l.contains(collector))) {
                    for (String line : lines) {
                        int at = line.indexOf("Heap Initial Capacity: ");
                        if (at >= 0) {
                            found.add(line.substring(at + "Heap Initial Capacity: ".length()).trim());
                        }
                    }
                }
            }
        }
        return found;
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

    /**
     * {@code --collect-at}: the recorded JVM collects in full once at each point of the program's recorded
     * allocation (Forced allocates about 8 MB after its first count; the points are at 2, 3 and 4 MB of
     * the recording, of which main's start takes far less than 2 MB), none of which the trace records
     * as the program's request; junk is a usage error naming the option.
     */
    @Test
    void collectAtForcesUnrecordedFullCollectionsAtItsPoints() throws IOException {
        Path out = dir.resolve("forced.trace");
        Path count = dir.resolve("full-collections");
        Cli.Result r = record(out, "--collect-at", "2000000,3000000,4000000", "--", "java", "-cp", classes.toString(),
                "Forced", count.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("3", Files.readString(count), "old-generation collections while Forced allocated");
        Map<?, ?> counts = (Map<?, ?>) stats(out).get("recordCounts");
        Object requests = counts.get("C");
        assertEquals(0L, requests == null ? 0L : ((Number) requests).longValue(), "not the program's requests: " + counts);
        r = record(dir.resolve("unforced.trace"), "--", "java", "-cp", classes.toString(), "Forced", count.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("0", Files.readString(count), "without points the recorded JVM's large heap needs no full collection");
        for (String junk : List.of("2000000,x", "-1", "3,2", "")) {
            r = record(out, "--collect-at", junk, "--", "java", "-cp", classes.toString(), "Forced", count.toString());
            assertEquals(junk.isEmpty() ? 0 : 2, r.code(), junk + ": " + r.err());
            assertTrue(junk.isEmpty() || r.err().contains("record: --collect-at " + junk + ": point "), r.err());
        }
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

    /**
     * A program that runs out of memory under the recorder ends, and record refuses it with the reason:
     * 400,000 kept objects fit in 24 MB but not with the id table beside them (the recorder's allocation
     * fails, recording stops for good and the program goes on; it used to retry at every event, a full
     * collection each, and never end), a chain of arrays runs out whoever allocates, and an array larger
     * than the heap fails in the program alone. Each program's work is bounded and the recorder gives up
     * at its first failure, so each run ends whichever allocation fails first.
     */
    @Test
    void aProgramThatRunsOutOfMemoryWhileRecordedWritesNothingAndKeepsTheOldFile() throws IOException {
        Path out = Files.writeString(dir.resolve("old.trace"), "keep me");
        for (String mode : List.of("400000", "chain", "huge")) {
            Cli.Result r = record(out, "--", "java", "-Xmx24m", "-cp", classes.toString(), "Hoard", mode);
            assertEquals(2, r.code(), mode + ": " + r.err());
            assertTrue(r.err().contains("record: the program ran out of memory while recorded"), mode + ": " + r.err());
            assertTrue(r.err().contains("no trace written; give it a larger heap with -Xmx (it ran with -Xmx24m)"),
                    mode + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            if (mode.equals("huge")) {
                assertTrue(r.err().contains("the JVM ran out of heap and the program exited with status 1"), r.err());
            }
            assertEquals("keep me", Files.readString(out), mode);
        }
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
