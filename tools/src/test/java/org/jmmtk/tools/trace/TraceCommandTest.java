package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code jmmtk trace gen|stats}: generated traces, in every form, agree with running the workload itself. */
class TraceCommandTest {
    private static final byte[] GZIP = {0x1f, (byte) 0x8b};
    private static final byte[] BINARY = {'J', 'M', 'T', 'B', 2};
    private static final byte[] TEXT = "#jmmtk-trace 2\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private static Map<String, Object> json(Cli.Result r) throws IOException {
        assertEquals(0, r.code(), r.err());
        return JsonTree.object(r.out());
    }

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    private static byte[] firstBytes(Path file, int n) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(n);
        }
    }

    @ParameterizedTest(name = "{0} binary={1}")
    @CsvSource({"wide.trace, false", "wide.trace.gz, false", "wide.jtb, true", "wide.jtb.gz, true"})
    void generatedTraceAgreesWithTheWorkloadRun(String name, boolean binary) throws IOException {
        Path file = dir.resolve(name);
        Cli.Result gen = binary
                ? Cli.run("trace", "gen", "widetree", "--scale", "0.01", "--binary", "-o", file.toString())
                : Cli.run("trace", "gen", "widetree", "--scale", "0.01", "-o", file.toString());
        assertEquals(0, gen.code(), gen.err());
        assertEquals("", gen.err());
        byte[] expected = name.endsWith(".gz") ? GZIP : binary ? BINARY : TEXT;
        assertArrayEquals(expected, firstBytes(file, expected.length));

        Map<String, Object> stats = json(Cli.run("trace", "stats", file.toString(), "--json"));
        assertEquals(file.toString(), stats.get("trace"));
        assertEquals("jmmtk", stats.get("format"));
        @SuppressWarnings("unchecked")
        Map<String, Object> counts = (Map<String, Object>) stats.get("recordCounts");
        assertEquals(number(stats, "objects"), number(counts, "A"));
        assertTrue(number(stats, "reachableObjects") > 0);

        Map<String, Object> workloadRun = json(Cli.run("run", "--workload", "widetree", "--scale", "0.01",
                "--heap", "8m", "--threads", "2", "--json"));
        assertEquals(number(stats, "reachableObjects"), number(workloadRun, "finalLiveObjects"));
        assertEquals(number(stats, "reachableBytes"), number(workloadRun, "finalLiveBytes"));
        assertEquals(number(stats, "objects"), number(workloadRun, "objectsAllocated"));

        Map<String, Object> traceRun = json(Cli.run("run", "--trace", file.toString(), "--plan", "marksweep",
                "--heap", "8m", "--threads", "2", "--json"));
        assertEquals(file.toString(), traceRun.get("trace"));
        assertEquals(number(stats, "reachableObjects"), number(traceRun, "finalLiveObjects"));
        assertEquals(number(stats, "reachableBytes"), number(traceRun, "finalLiveBytes"));
    }

    @Test
    void textAndBinaryFormsHaveTheSameStatistics() throws IOException {
        Path text = dir.resolve("p.trace");
        Path binary = dir.resolve("p.jtb.gz");
        assertEquals(0, Cli.run("trace", "gen", "phases", "--scale", "0.02", "-o", text.toString()).code());
        assertEquals(0, Cli.run("trace", "gen", "phases", "--scale", "0.02", "--binary", "-o", binary.toString())
                .code());
        Map<String, Object> a = json(Cli.run("trace", "stats", text.toString(), "--json"));
        Map<String, Object> b = json(Cli.run("trace", "stats", binary.toString(), "--json"));
        a.remove("trace");
        b.remove("trace");
        assertEquals(a, b);
        assertTrue(Files.size(binary) < Files.size(text));
    }

    @Test
    void statsTableShowsReachability() throws IOException {
        Path file = TraceText.write(dir.resolve("t.trace"), "#jmmtk-trace 2\nA 0 1 48 1\nA 0 2 16 0\nR 0 0 1\n");
        Cli.Result r = Cli.run("trace", "stats", file.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("trace " + file, lines.get(0));
        assertTrue(lines.contains(String.format("  %-26s %,15d", "reachable objects at end", 1)), r.out());
        assertTrue(lines.contains(String.format("  %-26s %,15d", "reachable bytes at end", 48)), r.out());
    }

    @Test
    void statsOfMalformedTraceNamesFileAndLine() throws IOException {
        Path file = TraceText.write(dir.resolve("t.trace"), "#jmmtk-trace 2\n\nA 0 1 0 0\n");
        Cli.Result r = Cli.run("trace", "stats", file.toString(), "--json");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(List.of("jmmtk: " + file + ":3: size 0 is out of range 1..68719476735"), r.errLines());
    }

    @Test
    void genOfUnknownWorkloadIsBadUsage() {
        Cli.Result r = Cli.run("trace", "gen", "nosuch", "-o", dir.resolve("x.trace").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("jmmtk: unknown workload 'nosuch'"), r.err());
    }

    @Test
    void traceWithoutSubcommandIsBadUsage() {
        Cli.Result r = Cli.run("trace");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("missing subcommand"), r.err());
    }
}
