package org.jmmtk.tools.lifetimes;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
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
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code jmmtk lifetimes}: Merlin on every plan writes the same bytes as brute force, in every form;
 * bad input, a heap too small and a bad output leave every file as it was, with exit 2, 1 and 2.
 */
class LifetimesCommandTest {
    @TempDir
    Path dir;
    private Path trace;

    @BeforeEach
    void randomTrace() {
        trace = dir.resolve("random.trace");
        assertEquals(0, Cli.run("trace", "gen", "random", "--seed", "11", "--scale", "0.1", "-o", trace.toString()).code());
    }

    private static byte[] content(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            return in.readAllBytes();
        }
    }

    private Cli.Result lifetimes(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "lifetimes";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.run(all);
    }

    @ParameterizedTest(name = "{0} to {1}")
    @CsvSource({"semispace, out.trace", "marksweep, out.jtb.gz", "markcompact, out.jtb", "immix, out.trace.gz",
        "nogc, out.trace", "gencopy, out.trace", "appel, out.jtb", "genimmix, out.trace.gz",
        "olderfirst, out.jtb.gz", "refcount, out.jtb.gz", "lxr, out.trace"})
    void merlinWritesTheSameBytesAsBruteForce(String plan, String name) throws IOException {
        boolean binary = name.contains(".jtb");
        Path merlin = dir.resolve("m-" + name);
        Path brute = dir.resolve("b-" + name);
        String heap = plan.equals("nogc") ? "16m" : "64k";
        Cli.Result m = binary
                ? lifetimes(trace.toString(), "--plan", plan, "--heap", heap, "--threads", "2", "--binary", "-o", merlin.toString())
                : lifetimes(trace.toString(), "--plan", plan, "--heap", heap, "--threads", "2", "-o", merlin.toString());
        assertEquals(0, m.code(), m.err());
        assertTrue(m.out().startsWith(merlin + ": "), m.out());
        assertTrue(plan.equals("nogc") || !m.out().contains(" 0 GCs"), m.out());
        Cli.Result b = binary
                ? lifetimes(trace.toString(), "--method", "bruteforce", "--binary", "-o", brute.toString())
                : lifetimes(trace.toString(), "--method", "bruteforce", "-o", brute.toString());
        assertEquals(0, b.code(), b.err());
        assertEquals("", b.err());
        assertArrayEquals(content(brute), content(merlin));
        Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", merlin.toString(), "--json").out());
        @SuppressWarnings("unchecked")
        Map<String, Object> counts = (Map<String, Object>) stats.get("recordCounts");
        assertEquals(((Number) counts.get("A")).longValue() - ((Number) stats.get("reachableObjects")).longValue(),
                ((Number) counts.get("D")).longValue());
    }

    @Test
    void aPerfectTraceIsItsOwnPerfectTraceInWhateverFormItIsRead() throws IOException {
        Path first = dir.resolve("first.trace");
        Path binary = dir.resolve("first.jtb.gz");
        Path again = dir.resolve("again.trace");
        assertEquals(0, lifetimes(trace.toString(), "--heap-factor", "3", "-o", first.toString()).code());
        assertEquals(0, lifetimes(first.toString(), "--method", "bruteforce", "--binary", "-o", binary.toString()).code());
        assertEquals(0, lifetimes(binary.toString(), "--plan", "immix", "--heap", "1m", "-o", again.toString()).code());
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(again));
        String text = Files.readString(first, StandardCharsets.UTF_8);
        assertTrue(text.contains("\nD "), "no death records");
    }

    @Test
    void bruteForceSaysCollectorOptionsDoNothing() {
        Cli.Result r = lifetimes(trace.toString(), "--method", "bruteforce", "--plan", "immix", "-o",
                dir.resolve("b.trace").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().startsWith("jmmtk: note: brute force runs no collector, so --plan"), r.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"merlin", "bruteforce"})
    void aMalformedTraceIsRejectedWithItsLineAndTheOldOutputStays(String method) throws IOException {
        Path bad = dir.resolve("bad.trace");
        TraceText.write(bad, "#jmmtk-trace 2\nA 0 1 32 1\nR 0 0 1\nW 0 1 3 1\nA 0 2 32 0\n");
        Path out = dir.resolve("kept.trace");
        Files.writeString(out, "precious\n");
        Map<java.nio.file.Path, String> before = Hostile.snapshot(dir);
        Cli.Result r = lifetimes(bad.toString(), "--method", method, "-o", out.toString());
        assertEquals(2, r.code());
        Hostile.assertCleanMessage(r);
        assertEquals("jmmtk: " + bad + ":4: slot 3 is out of range: object 1 has 1 reference slots", r.err().strip());
        Hostile.assertUnchanged(before, dir);
    }

    @Test
    void aUseOfAnUnreachableObjectIsRejectedByBruteForce() {
        Path bad = dir.resolve("wrong.trace");
        try {
            TraceText.write(bad, "#jmmtk-trace 2\nA 0 1 32 1\nA 0 2 32 0\nR 0 0 1\n");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        Cli.Result r = lifetimes(bad.toString(), "--method", "bruteforce", "-o", dir.resolve("o.trace").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("jmmtk: " + bad + ":4: root reference to object 1, which was already unreachable"),
                r.err());
        assertTrue(!Files.exists(dir.resolve("o.trace")));
    }

    @Test
    void aHeapTooSmallIsASimulatedOutOfMemoryAndWritesNothing() throws IOException {
        Path out = dir.resolve("out.trace");
        Files.writeString(out, "precious\n");
        Map<java.nio.file.Path, String> before = Hostile.snapshot(dir);
        Cli.Result r = lifetimes(trace.toString(), "--heap", "2k", "-o", out.toString());
        assertEquals(1, r.code());
        Hostile.assertCleanMessage(r);
        assertTrue(r.err().contains("out of memory") && r.err().contains("give a larger --heap"), r.err());
        Hostile.assertUnchanged(before, dir);
    }

    @Test
    void badUsageExitsTwo() {
        Hostile.assertCleanFailure(lifetimes(trace.toString(), "-o", trace.toString()));
        assertEquals(2, lifetimes(trace.toString(), "-o", trace.toString()).code());
        assertEquals(2, lifetimes(trace.toString(), "--method", "oracle", "-o", dir.resolve("x").toString()).code());
        assertEquals(2, lifetimes(dir.resolve("missing.trace").toString(), "-o", dir.resolve("x").toString()).code());
        assertEquals(2, lifetimes(trace.toString(), "--plan", "nosuch", "-o", dir.resolve("x").toString()).code());
        assertEquals(2, lifetimes(trace.toString(), "-o", dir.resolve("no/such/dir/x").toString()).code());
        assertTrue(!Files.exists(dir.resolve("x")));
    }
}
