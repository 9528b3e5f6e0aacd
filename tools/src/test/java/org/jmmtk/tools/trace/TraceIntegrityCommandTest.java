package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a trace rejects a cut one alike (exit 2, one line naming the file and the
 * missing end record), {@code trace stats} caches no maximum live size for it, and version-1 traces still
 * read with one line of warning and convert to version 2.
 */
class TraceIntegrityCommandTest {
    @TempDir
    Path dir;

    private Path generate(String name) {
        Path file = dir.resolve(name);
        Cli.Result r = Cli.run("trace", "gen", "binarytrees", "--scale", "0.002", "-o", file.toString());
        assertEquals(0, r.code(), r.err());
        return file;
    }

    /** The commands that read a trace, each given {@code file}. */
    private List<String[]> readers(Path file) {
        String f = file.toString();
        return List.of(
                new String[] {"run", "--trace", f, "--plan", "marksweep", "--heap", "2m"},
                new String[] {"trace", "stats", f},
                new String[] {"lifetimes", f, "-o", dir.resolve("perfect.trace").toString(), "--method", "bruteforce"},
                new String[] {"minheap", "--trace", f, "--plan", "marksweep"},
                new String[] {"sweep", "--trace", f, "--plan", "marksweep", "--heap", "2m", "--threads", "1",
                        "--repeat", "1", "--warmup", "0"},
                new String[] {"granulate", f, "--granule", "4k", "-o", dir.resolve("g.trace").toString()});
    }

    @Test
    void everyReaderRejectsACutTraceAlike() throws IOException {
        byte[] whole = Files.readAllBytes(generate("whole.trace"));
        String text = new String(whole, StandardCharsets.US_ASCII);
        int lineEnd = text.indexOf('\n', whole.length / 2);
        int[] cuts = {lineEnd + 1, lineEnd - 2};
        for (int at : cuts) {
            Path cut = Files.write(dir.resolve("cut" + at + ".trace"), Arrays.copyOf(whole, at));
            long lines = text.substring(0, at).lines().count();
            for (String[] args : readers(cut)) {
                Cli.Result r = Cli.run(args);
                assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
                assertEquals(1, r.errLines().size(), r.err());
                assertTrue(r.err().startsWith("jmmtk: " + cut + ": truncated: no end record after line " + lines),
                        String.join(" ", args) + ": " + r.err());
            }
            assertFalse(Files.exists(dir.resolve(cut.getFileName() + ".maxlive")), "a figure cached for a rejected trace");
        }
    }

    @Test
    void statsCachesTheMaximumLiveSizeOfAWholeTrace() {
        Path whole = generate("whole.trace");
        Cli.Result r = Cli.run("trace", "stats", whole.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(Files.exists(dir.resolve("whole.trace.maxlive")));
    }

    @Test
    void versionOneReadsWithOneWarningAndConverts() throws IOException {
        Path v1 = Files.writeString(dir.resolve("v1.trace"), "#jmmtk-trace 1\nA 0 1 32 1\nR 0 0 1\nA 0 2 32 0\n");
        Cli.Result r = Cli.run("run", "--trace", v1.toString(), "--plan", "marksweep", "--heap", "1m");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("jmmtk: warning: " + v1 + " is a version 1 trace, which has no end record: a truncated "
                + "copy cannot be detected (rewrite it as version 2: jmmtk trace convert " + v1 + " -o NEW)"), r.errLines());

        Path v2 = dir.resolve("v2.jtb");
        Cli.Result c = Cli.run("trace", "convert", v1.toString(), "--binary", "-o", v2.toString());
        assertEquals(0, c.code(), c.err());
        Cli.Result stats = Cli.run("trace", "stats", "--json", v2.toString());
        assertEquals(0, stats.code(), stats.err());
        assertEquals("", stats.err());
        assertEquals(2L, ((Number) JsonTree.object(stats.out()).get("objects")).longValue());
    }
}
