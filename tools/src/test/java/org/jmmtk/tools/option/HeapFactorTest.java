package org.jmmtk.tools.option;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.MaxLiveCache;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --heap-factor}: the heap is the factor times the exact maximum live size, rounded up, on
 * {@code run} and {@code sweep}; bad factors exit 2 with one line naming the option; trace files cache
 * their maximum live size beside them, reused only while the trace is unchanged and never a reason to fail.
 */
class HeapFactorTest {
    private static final String[] RANDOM = {"--workload", "random", "--seed", "2", "--scale", "0.1"};

    @TempDir
    Path dir;

    private static String[] args(String... more) {
        String[] all = new String[more.length + RANDOM.length];
        System.arraycopy(more, 0, all, 0, more.length);
        System.arraycopy(RANDOM, 0, all, more.length, RANDOM.length);
        return all;
    }

    private static void generate(Path trace) {
        Cli.Result r = Cli.run("trace", "gen", "random", "--seed", "2", "--scale", "0.1", "-o", trace.toString());
        assertEquals(0, r.code(), r.err());
    }

    private static long maxLive() throws IOException {
        return MaxLive.of(Workloads.REGISTRY.find("random").orElseThrow().factory().create(2, 0.1)).bytes();
    }

    private static long heapBytes(Cli.Result r) throws IOException {
        assertEquals(0, r.code(), r.err());
        return ((Number) JsonTree.object(r.out()).get("heapBytes")).longValue();
    }

    @Test
    void runHeapIsTheFactorTimesTheMaximumLiveSizeRoundedUp() throws IOException {
        long live = maxLive();
        Cli.Result json = Cli.run(args("run", "--heap-factor", "12.5", "--json"));
        assertEquals((long) Math.ceil(12.5 * live), heapBytes(json));
        assertEquals(12.5, ((Number) JsonTree.object(json.out()).get("heapFactor")).doubleValue());
        assertEquals(live, ((Number) JsonTree.object(json.out()).get("maxLiveBytes")).longValue());
        Cli.Result table = Cli.run(args("run", "--heap-factor", "16", "--threads", "1"));
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().startsWith(String.format(java.util.Locale.ROOT,
                "plan semispace, random (seed 2, scale 0.1), heap %,d bytes = 16 x max live %,d, 1 GC thread%n",
                16 * live, live)), table.out());
    }

    @Test
    void sweepTakesTheFactorToo() throws IOException {
        Cli.Result r = Cli.run(args("sweep", "--heap-factor", "8", "--threads", "1", "--repeat", "1", "--warmup", "0",
                "--json"));
        assertEquals(8 * maxLive(), heapBytes(r));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--heap-factor 0|--heap-factor must be a positive finite number, got 0.0",
            "--heap-factor -2|--heap-factor must be a positive finite number, got -2.0",
            "--heap-factor NaN|--heap-factor must be a positive finite number, got NaN",
            "--heap-factor Infinity|--heap-factor must be a positive finite number, got Infinity",
            "--heap 1m --heap-factor 2|give either --heap or --heap-factor, not both",
            "--heap-factor 0.01|--heap-factor 0.01: 0.01 x max live",
            "--heap-factor 1e12|--heap-factor 1000000000000: 1000000000000 x max live",
            "--heap-factor 1e300|--heap-factor 1E+300: 1E+300 x max live",
            "--heap-factor 1e-300|--heap-factor 1E-300: 1E-300 x max live"})
    void badFactorsExitTwoWithOneLine(String options, String message) {
        List<String> command = new java.util.ArrayList<>(List.of(args("run")));
        command.addAll(List.of(options.split(" ")));
        Cli.Result r = Cli.run(command.toArray(String[]::new));
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jmmtk: " + message), r.err());
        assertTrue(r.err().contains("1 KiB..64 GiB") || !options.contains("0.01"), r.err());
        assertTrue(r.err().length() < 160, "a short line, not hundreds of digits: " + r.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "0|--scale must be a positive number up to 1000000, got 0.0",
            "1e9|--scale must be a positive number up to 1000000, got 1.0E9"})
    void badScalesSayTheRange(String scale, String message) {
        Cli.Result r = Cli.run("run", "--workload", "random", "--scale", scale);
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("jmmtk: " + message), r.errLines());
    }

    @Test
    void aTraceWithoutLiveDataHasNoHeapFactor() throws IOException {
        Path empty = TraceText.write(dir.resolve("empty.trace"), TraceFormat.TEXT_HEADER + "\n");
        Cli.Result r = Cli.run("run", "--trace", empty.toString(), "--heap-factor", "2");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: --heap-factor: the trace has no live data, so a factor of it is no heap"),
                r.errLines());
    }

    @Test
    void traceCacheIsWrittenReusedWhileUnchangedAndRecomputedAfterAChange() throws IOException {
        Path trace = dir.resolve("r.trace");
        generate(trace);
        long live = maxLive();
        Path cache = dir.resolve("r.trace" + MaxLiveCache.SUFFIX);
        assertFalse(Files.exists(cache));
        assertEquals(8 * live, heapBytes(Cli.run("run", "--trace", trace.toString(), "--heap-factor", "8", "--json")));
        assertTrue(Files.readString(cache).contains("maxLiveBytes " + live + "\n"));

        // a cache entry with the right hash is believed, so a doctored value shows that it is reused
        Files.writeString(cache, Files.readString(cache).replace("maxLiveBytes " + live, "maxLiveBytes 100000"));
        assertEquals(800_000, heapBytes(Cli.run("run", "--trace", trace.toString(), "--heap-factor", "8", "--json")));

        // any change to the trace makes the hash differ: computed again, and cached again (the same
        // program in the binary encoding)
        Path binary = dir.resolve("r.jtb");
        assertEquals(0, Cli.run("trace", "convert", trace.toString(), "--binary", "-o", binary.toString()).code());
        Files.move(binary, trace, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(8 * live, heapBytes(Cli.run("run", "--trace", trace.toString(), "--heap-factor", "8", "--json")));
        assertTrue(Files.readString(cache).contains("maxLiveBytes " + live + "\n"));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary files left behind");
        }
    }

    @Test
    void aCacheThatCannotBeWrittenIsNoError() throws IOException {
        Path trace = dir.resolve("r.trace");
        generate(trace);
        // a directory where the cache file would go: it can be neither read nor replaced
        Path blocked = Files.createDirectory(dir.resolve("r.trace" + MaxLiveCache.SUFFIX));
        Files.writeString(blocked.resolve("keep"), "x");
        assertEquals(12 * maxLive(), heapBytes(Cli.run("run", "--trace", trace.toString(), "--heap-factor", "12",
                "--json")));
        Cli.Result stats = Cli.run("trace", "stats", trace.toString(), "--json");
        assertEquals(0, stats.code(), stats.err());
        Map<String, Object> json = JsonTree.object(stats.out());
        assertEquals(maxLive(), ((Number) json.get("maxLiveBytes")).longValue());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary files left behind");
        }
    }
}
