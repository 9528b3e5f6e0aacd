package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile corpus's classes of failure (issue 35), one regression each: every case is exit 2 with one
 * line naming the problem, and the file the user had is left as it was.
 */
class HostileOutputTest {
    @TempDir
    Path dir;

    private Path trace() throws IOException {
        Path t = dir.resolve("in.trace");
        if (!Files.exists(t)) {
            assertEquals(0, Cli.run("trace", "gen", "random", "--scale", "0.01", "-o", t.toString()).code());
        }
        return t;
    }

    private static void refused(Cli.Result r, String says) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(says), r.err());
    }

    /** run has four outputs besides standard output: a refused one is named by its option, not only its path. */
    @Test
    void aRefusedOutputOfRunNamesItsOption() throws Exception {
        Path in = trace();
        Path folder = Files.createDirectories(dir.resolve("folder"));
        for (String option : List.of("--jfr", "--perfetto", "--arena-events", "--mmu-out")) {
            Cli.Result r = Cli.run("run", "--trace", in.toString(), "--plan", "marksweep", "--heap", "64k", option,
                    folder.toString());
            refused(r, "exists and is not a regular file");
            assertTrue(r.err().startsWith("jmmtk: " + option + " " + folder + " exists"), r.err());
            Path missing = dir.resolve("no-such-dir").resolve("out");
            r = Cli.run("run", "--trace", in.toString(), "--plan", "marksweep", "--heap", "64k", option, missing.toString());
            refused(r, "no such directory");
            assertTrue(r.err().startsWith("jmmtk: " + option + " " + missing + ": no such directory"), r.err());
        }
        assertEquals(List.of(), List.of(folder.toFile().list()));
    }

    /** Same as a user's {@code cp}, also as root: a file whose mode has no write bit is not replaced. */
    @Test
    void aReadOnlyFileIsNotReplacedByAnyOutput() throws Exception {
        Path in = trace();
        Path ro = Files.writeString(dir.resolve("ro.out"), "mine\n");
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r--r--r--"));
        List<String[]> commands = List.of(
                new String[] {"trace", "gen", "random", "--scale", "0.01", "-o", ro.toString()},
                new String[] {"trace", "import", "--from", "et1", dir.resolve("x.et1").toString(), "-o", ro.toString()},
                new String[] {"run", "--trace", in.toString(), "--plan", "marksweep", "--heap", "64k", "--jfr", ro.toString()},
                new String[] {"run", "--trace", in.toString(), "--plan", "marksweep", "--heap", "64k", "--perfetto", ro.toString()});
        Files.writeString(dir.resolve("x.et1"), "N 0x1 0x10 LA; 0x1 0x1\n");
        for (String[] c : commands) {
            refused(Cli.run(c), ro + " exists and is read-only");
            assertEquals("mine\n", Files.readString(ro), String.join(" ", c));
        }
        Path jfr = dir.resolve("r.jfr");
        assertEquals(0, Cli.run("run", "--trace", in.toString(), "--plan", "marksweep", "--heap", "32k", "--jfr", jfr.toString()).code());
        refused(Cli.run("perfetto", jfr.toString(), "-o", ro.toString()), "read-only");
        assertEquals("mine\n", Files.readString(ro));
    }

    @Test
    void anOutDirNeverReplacesAnInputThatHasOneOfItsFileNames() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path runs = Files.copy(trace(), out.resolve("runs.csv"));
        byte[] before = Files.readAllBytes(runs);
        refused(Cli.run("sweep", "--trace", runs.toString(), "--plan", "marksweep", "--heap", "32k", "--threads", "1",
                "--repeat", "1", "--out-dir", out.toString()), "runs.csv is also an input");
        assertArrayEquals(before, Files.readAllBytes(runs));
        Path gc = out.resolve("gc.csv");
        assertEquals(0, Cli.run("run", "--trace", trace().toString(), "--plan", "marksweep", "--heap", "32k", "--jfr", gc.toString()).code());
        before = Files.readAllBytes(gc);
        refused(Cli.run("probes", "--report", "gc", "--out-dir", out.toString(), gc.toString()), "gc.csv is also an input");
        assertArrayEquals(before, Files.readAllBytes(gc));
    }

    @Test
    void aJfrChunkOfSizeZeroIsAnErrorNamingTheFile() throws Exception {
        Path jfr = dir.resolve("zero.jfr");
        assertEquals(0, Cli.run("run", "--trace", trace().toString(), "--plan", "marksweep", "--heap", "32k", "--jfr", jfr.toString()).code());
        byte[] bytes = Files.readAllBytes(jfr);
        ByteBuffer.wrap(bytes).putLong(8, 0);
        Files.write(jfr, bytes);
        String says = jfr + ": not a readable JFR recording: damaged chunk at byte 0 (the chunk header says 0 bytes";
        refused(Cli.run("probes", "--report", "gc", jfr.toString()), says);
        refused(Cli.run("perfetto", jfr.toString(), "-o", dir.resolve("p.pftrace").toString()), says);
        assertTrue(!Files.exists(dir.resolve("p.pftrace")));
    }

    @Test
    void helpWithAnUnknownOptionOrCommandIsBadUsage() {
        refused(Cli.run("help", "--no-such-option", "run"), "Unknown option: '--no-such-option'");
        refused(Cli.run("help", "-Z", "run"), "Unknown option: '-Z'");
        refused(Cli.run("help", "nosuch"), "unknown command 'nosuch'");
        Cli.Result ok = Cli.run("help", "run");
        assertEquals(0, ok.code());
        assertTrue(ok.out().startsWith("Usage: jmmtk run"), ok.out());
    }

    @Test
    void anEmptyDirectoryNameIsBadUsage() throws Exception {
        String in = trace().toString();
        refused(Cli.run("sweep", "--trace", in, "--plan", "marksweep", "--heap", "32k", "--threads", "1", "--repeat", "1",
                "--out", ""), "an empty name is not a directory");
        refused(Cli.run("sweep", "--trace", in, "--plan", "marksweep", "--heap", "32k", "--threads", "1", "--repeat", "1",
                "--out-dir", ""), "an empty name is not a directory");
        refused(Cli.run("run", "--trace", in, "--plan", "marksweep", "--heap", "32k", "--jfr", ""), "is not a file name");
    }
}
