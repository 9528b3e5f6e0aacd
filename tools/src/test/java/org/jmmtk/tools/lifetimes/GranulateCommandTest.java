package org.jmmtk.tools.lifetimes;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmmtk granulate} and {@code run --sync}: a granulated trace keeps every record and death, adds
 * points of perfect knowledge, and replays under each scheme; bad input and usage exit 2.
 */
class GranulateCommandTest {
    @TempDir
    static Path dir;
    private static Path perfect;

    @BeforeAll
    static void perfectTrace() {
        Path trace = dir.resolve("random.trace");
        perfect = dir.resolve("perfect.trace");
        assertEquals(0, Cli.run("trace", "gen", "random", "--seed", "5", "--scale", "0.2", "-o", trace.toString()).code());
        assertEquals(0, Cli.run("lifetimes", trace.toString(), "--method", "bruteforce", "-o", perfect.toString()).code());
    }

    private static List<String> lines(Path file) throws IOException {
        return TraceText.withoutEnd(file);
    }

    @Test
    void keepsEveryRecordAndDeathAndAddsPoints() throws IOException {
        Path out = dir.resolve("g.trace");
        Cli.Result r = Cli.run("granulate", perfect.toString(), "--granule", "2k", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith(out + ": granule 2,048 bytes, "), r.out());
        List<String> in = lines(perfect);
        List<String> got = lines(out);
        assertEquals(in.stream().filter(l -> !l.startsWith("D ")).toList(),
                got.stream().filter(l -> !l.startsWith("D ") && !l.equals("P")).toList());
        assertEquals(in.stream().filter(l -> l.startsWith("D ")).sorted().toList(),
                got.stream().filter(l -> l.startsWith("D ")).sorted().toList());
        assertTrue(got.stream().filter(l -> l.equals("P")).count() > 10);
    }

    @Test
    void replaysUnderEveryScheme() throws IOException {
        Path out = dir.resolve("g4k.trace");
        assertEquals(0, Cli.run("granulate", perfect.toString(), "--granule", "4k", "-o", out.toString()).code());
        for (String scheme : List.of("none", "early", "late", "mid")) {
            Cli.Result r = Cli.run("run", "--trace", out.toString(), "--plan", "semispace", "--heap-factor", "3",
                    "--sync", scheme, "--threads", "1", "--json");
            assertEquals(0, r.code(), scheme + ": " + r.err());
            Map<String, Object> json = JsonTree.object(r.out());
            assertTrue(((Number) json.get("gcCount")).intValue() > 0, scheme);
        }
    }

    @Test
    void badUsageAndInputExitTwo() throws IOException {
        Path out = dir.resolve("never.trace");
        assertEquals(2, Cli.run("granulate", perfect.toString(), "--granule", "0", "-o", out.toString()).code());
        assertEquals(2, Cli.run("granulate", perfect.toString(), "--granule", "lots", "-o", out.toString()).code());
        assertEquals(2, Cli.run("granulate", perfect.toString(), "-o", out.toString()).code());
        Path bad = dir.resolve("bad.trace");
        TraceText.write(bad, "#jmmtk-trace 2\nA 0 1 32 0\nD one\n");
        Cli.Result r = Cli.run("granulate", bad.toString(), "--granule", "1k", "-o", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.errLines().get(r.errLines().size() - 1).startsWith("jmmtk: " + bad + ":3: "), r.err());
        assertTrue(!Files.exists(out));
        Cli.Result g = Cli.run("run", "--trace", perfect.toString(), "--granule", "4k");
        assertEquals(2, g.code());
        Hostile.assertCleanMessage(g);
        assertEquals(2, Cli.run("run", "--trace", perfect.toString(), "--sync", "sometimes").code());
    }

    @Test
    void aTraceWithoutDeathsGetsANote() {
        Path trace = dir.resolve("plain.trace");
        assertEquals(0, Cli.run("trace", "gen", "linkedlist", "--scale", "0.001", "-o", trace.toString()).code());
        Cli.Result r = Cli.run("granulate", trace.toString(), "--granule", "1k", "-o", dir.resolve("p.trace").toString());
        assertEquals(0, r.code());
        assertTrue(r.err().startsWith("jmmtk: note: " + trace + " has no D records"), r.err());
    }
}
