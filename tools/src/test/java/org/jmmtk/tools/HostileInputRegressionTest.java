package org.jmmtk.tools;

import org.jmmtk.tools.error.ErrorHandler;
import org.jmmtk.tools.error.ExitCodes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.scheduler.WorkPacketFailure;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** The hostile cases of issue #12, one named test each: exit 1 or 2, a short message, nothing lost. */
class HostileInputRegressionTest {
    private static final byte[] KEEP = "existing content\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private Path garcosim;
    private Path trace;

    @BeforeEach
    void inputs() throws IOException {
        garcosim = Files.writeString(dir.resolve("in.garcosim"), HostileInputFuzzTest.GARCOSIM);
        trace = Files.writeString(dir.resolve("t.trace"), HostileInputFuzzTest.TEXT);
    }

    /** Runs {@code args}, asserts exit {@code code} with a clean message mentioning {@code text}, and that no file under the temp dir changed. */
    private Cli.Result fails(int code, String text, String... args) throws IOException {
        Map<Path, String> before = Hostile.snapshot(dir);
        Cli.Result r = Cli.run(args);
        assertEquals(code, r.code(), r.out() + r.err());
        Hostile.assertCleanMessage(r);
        assertTrue(r.err().contains(text), r.err());
        Hostile.assertUnchanged(before, dir);
        return r;
    }

    private Path jfr() throws IOException {
        Path file = dir.resolve("run.jfr");
        Cli.Result r = Cli.run("run", "--workload", "linkedlist", "--scale", "0.01", "--heap", "256k", "--jfr", file.toString());
        assertEquals(0, r.code(), r.err());
        return file;
    }

    // ---- data loss ----

    @Test
    void importOverItsOwnInputIsRefused() throws IOException {
        fails(2, "is also an input", "trace", "import", "--from", "garcosim", "-o", garcosim.toString(), garcosim.toString());
        fails(2, "is also an input", "trace", "import", "--from", "garcosim", "-o",
                dir.resolve(".").resolve("in.garcosim").toString(), garcosim.toString());
        Path link = Files.createSymbolicLink(dir.resolve("link"), garcosim.getFileName());
        fails(2, "is also an input", "trace", "import", "--from", "garcosim", "-o", link.toString(), garcosim.toString());
    }

    @Test
    void runDoesNotRecordOverItsTrace() throws IOException {
        fails(2, "is also an input", "run", "--trace", trace.toString(), "--jfr", trace.toString());
        fails(2, "is also an input", "run", "--trace", trace.toString(), "--perfetto", trace.toString());
        fails(2, "is also an input", "run", "--trace", trace.toString(), "--jfr", dir.resolve("x.jfr").toString(),
                "--perfetto", dir.resolve("x.jfr").toString());
    }

    @Test
    void failingImportKeepsTheFileAtItsOutput() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.garcosim"), "a T1 O1 S16 N0\nw T1 P1 #0 O1\n");
        Path out = Files.write(dir.resolve("out.trace"), KEEP);
        fails(2, "bad.garcosim:2: slot 0 is out of range", "trace", "import", "--from", "garcosim", bad.toString(),
                "-o", out.toString());
        assertArrayEquals(KEEP, Files.readAllBytes(out));
    }

    @Test
    void failingGenKeepsTheFileAtItsOutput() throws IOException {
        Path out = Files.write(dir.resolve("out.trace"), KEEP);
        fails(2, "--scale", "trace", "gen", "binarytrees", "--scale", "-1", "-o", out.toString());
        fails(2, "unknown workload", "trace", "gen", "nope", "-o", out.toString());
    }

    @Test
    void failingPerfettoKeepsTheFileAtItsOutput() throws IOException {
        Path notJfr = Files.writeString(dir.resolve("not.jfr"), "not a recording");
        Path out = Files.write(dir.resolve("out.json"), KEEP);
        fails(2, "not.jfr", "perfetto", notJfr.toString(), "-o", out.toString());
    }

    @Test
    void outputsThatAreNotRegularFilesAreLeftAlone() throws IOException {
        Path target = Files.write(dir.resolve("target.trace"), KEEP);
        Path link = Files.createSymbolicLink(dir.resolve("link.trace"), target.getFileName());
        Path sub = Files.createDirectory(dir.resolve("sub"));
        for (Path out : List.of(link, sub)) {
            fails(2, "not a regular file", "trace", "import", "--from", "garcosim", garcosim.toString(), "-o", out.toString());
            fails(2, "not a regular file", "trace", "gen", "linkedlist", "--scale", "0.01", "-o", out.toString());
        }
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", garcosim.toString(), "-o", "/dev/null");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("not a regular file"), r.err());
    }

    @Test
    void successfulImportReplacesARegularFile() throws IOException {
        Path out = Files.write(dir.resolve("out.trace"), KEEP);
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", garcosim.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).startsWith("#jmmtk-trace 2"));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".jmmtk-")), "temporary file left");
        }
    }

    @Test
    void outputsGetTheUmasksPermissionsNotOwnerOnly() throws IOException {
        Path out = dir.resolve("perm.trace");
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", garcosim.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        Path plain = Files.createFile(dir.resolve("plain-new-file"));
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"), "POSIX permissions only");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(out),
                "an output file is made like any new file (the temporary file it is renamed from was 0600)");
    }

    // ---- stack traces and JVM errors ----

    @Test
    void lineOverOneMebibyteIsRejectedWithItsLine() throws IOException {
        byte[] huge = new byte[(1 << 20) + 10];
        Arrays.fill(huge, (byte) '7');
        // a whole version-2 trace (its end record intact), so the long line is the error reported
        Path file = TraceText.write(dir.resolve("long.trace"),
                "#jmmtk-trace 2\nA 0 1 16 0\nA 0 " + new String(huge, StandardCharsets.US_ASCII) + "\n");
        fails(2, "long.trace:3: line longer than 1048576 bytes", "trace", "stats", file.toString());
        fails(2, "long.trace:3: line longer than 1048576 bytes", "run", "--trace", file.toString());
        Path g = Files.write(dir.resolve("long.garcosim"), huge);
        fails(2, "long.garcosim:1: line longer than", "trace", "import", "--from", "garcosim", g.toString(), "-o",
                dir.resolve("o.trace").toString());
    }

    @Test
    void hostOutOfMemoryInAGcWorkerExitsOneWithTheHint() {
        CommandLine cmd = Main.commandLine();
        java.io.StringWriter err = new java.io.StringWriter();
        cmd.setErr(new java.io.PrintWriter(err));
        int code = new ErrorHandler(false).handle(new WorkPacketFailure(3, new OutOfMemoryError("Java heap space")), cmd);
        assertEquals(ExitCodes.FAILED, code);
        assertTrue(err.toString().contains("JMMTK_JAVA_OPTS=-Xmx"), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
    }

    /** At several host heap sizes: at 16 and 32 MB the hint's own printing used to run out of memory too. */
    @ParameterizedTest
    @ValueSource(ints = {16, 32, 40})
    void hostOutOfMemoryInAChildJvmExitsOne(int hostMegabytes) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx" + hostMegabytes + "m", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "--plan", "semispace", "--heap", "1g", "--threads", "2")
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(ExitCodes.FAILED, p.waitFor(), said);
        assertTrue(said.contains("JMMTK_JAVA_OPTS=-Xmx"), said);
        assertFalse(said.contains("\tat ") || said.contains("Exception in thread"), said);
    }

    @Test
    void corruptRecordingsAreBadInputNamingTheFile() throws IOException {
        byte[] valid = Files.readAllBytes(jfr());
        Path truncated = Files.write(dir.resolve("truncated.jfr"), Arrays.copyOf(valid, valid.length * 3 / 5));
        byte[] scribbled = valid.clone();
        for (int i = 68; i < 68 + 64 && i < scribbled.length; i++) {
            scribbled[i] = (byte) 0xff;
        }
        Path scribbledFile = Files.write(dir.resolve("scribbled.jfr"), scribbled);
        Path metadataCut = Files.write(dir.resolve("cut.jfr"), Arrays.copyOf(valid, valid.length - 40));
        for (Path bad : List.of(truncated, scribbledFile, metadataCut)) {
            Cli.Result probes = Cli.run("probes", bad.toString(), "--report", "gc");
            Hostile.assertCleanFailure(probes);
            assertTrue(probes.err().contains(bad.getFileName().toString()), probes.err());
            Cli.Result perfetto = Cli.run("perfetto", bad.toString(), "-o", dir.resolve("p.json").toString());
            Hostile.assertCleanFailure(perfetto);
            assertFalse(Files.exists(dir.resolve("p.json")));
        }
    }

    @Test
    void eventsWithNullFieldsAreBadInputNamingTheFile() throws IOException {
        Path file = dir.resolve("nulls.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(GcEvent.class);
            recording.start();
            GcEvent e = new GcEvent();
            e.gc = 1;
            e.begin();
            e.end();
            e.commit();
            recording.stop();
            recording.dump(file);
        }
        fails(2, "nulls.jfr: not a readable JFR recording", "probes", file.toString(), "--report", "gc");
        fails(2, "nulls.jfr: not a readable JFR recording", "perfetto", file.toString(), "-o",
                dir.resolve("n.json").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {",", ",,", "1,,2", "2,"})
    void emptyThreadCountsAreUsageErrors(String threads) throws IOException {
        fails(2, "--threads", "sweep", "--threads", threads, "--workload", "linkedlist", "--scale", "0.01");
    }

    @Test
    void internalErrorsPrintOneLineAndTheTraceOnlyWithDebug() {
        CommandLine cmd = Main.commandLine();
        java.io.StringWriter err = new java.io.StringWriter();
        cmd.setErr(new java.io.PrintWriter(err));
        assertEquals(ExitCodes.FAILED, new ErrorHandler(false).handle(new IllegalStateException("boom"), cmd));
        assertTrue(err.toString().startsWith("jmmtk: internal error") && err.toString().contains("--debug"), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
        java.io.StringWriter debug = new java.io.StringWriter();
        cmd.setErr(new java.io.PrintWriter(debug));
        new ErrorHandler(true).handle(new IllegalStateException("boom"), cmd);
        assertTrue(debug.toString().contains("\tat "), debug.toString());
    }

    // ---- hangs and blow-ups ----

    /** 1023 threads each storing into root slot 2^20 - 1: sparse root tables make this small and quick. */
    private Path highRootSlots() throws IOException {
        List<String> lines = new ArrayList<>(List.of("#jmmtk-trace 2", "A 0 1 16 0"));
        for (int t = 0; t < 1023; t++) {
            lines.add("R " + t + " 1048575 1");
        }
        for (int i = 0; i < 20; i++) {
            lines.add("C");
        }
        return TraceText.write(dir.resolve("roots.trace"), String.join("\n", lines) + "\n");
    }

    @Test
    void highRootSlotsOnManyThreadsReplay() throws IOException {
        Cli.Result r = Cli.run("run", "--trace", highRootSlots().toString(), "--plan", "semispace", "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(1L, ((Number) JsonTree.object(r.out()).get("finalLiveObjects")).longValue(), r.out());
    }

    @Test
    void highRootSlotsOnManyThreadsHaveStats() throws IOException {
        Cli.Result r = Cli.run("trace", "stats", highRootSlots().toString(), "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        assertEquals(1L, ((Number) json.get("reachableObjects")).longValue());
        assertEquals(1023L, ((Number) json.get("threads")).longValue());
    }

    // ---- validation and messages ----

    @ParameterizedTest
    @ValueSource(strings = {
        "a T1 O1 S16 N0|w T1 P1 #0 O1|2: slot 0 is out of range",
        "w T1 P9 #0 O0|1: store into object 9, which was never allocated",
        "a T1 O1 S16 N0|a T2 O1 S16 N0|2: duplicate object id 1",
        "+ T1 O7|1: root reference to object 7, which was never allocated",
        "c T1 C1 F1 O7|1: global reference to object 7, which was never allocated",
        "a T1 O1 S16 N1|w T1 P1 #0 O5|2: reference to object 5, which was never allocated",
        "a T1 O1 S0 N0|1: size 0 is out of range",
        "a T1 O1 S16 N0|- T1 O1|2: thread 1 removes a root to object 1"})
    void inconsistentForeignTracesAreNotImported(String spec) throws IOException {
        String[] parts = spec.split("\\|");
        Path in = Files.writeString(dir.resolve("bad.garcosim"),
                String.join("\n", Arrays.copyOf(parts, parts.length - 1)) + "\n");
        fails(2, "bad.garcosim:" + parts[parts.length - 1], "trace", "import", "--from", "garcosim", in.toString(),
                "-o", dir.resolve("out.trace").toString());
    }

    @Test
    void tooManyThreadsAreNotImported() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int t = 0; t < 1024; t++) {
            b.append("a T").append(t).append(" O").append(t + 1).append(" S16 N0\n");
        }
        Path in = Files.writeString(dir.resolve("threads.garcosim"), b);
        fails(2, "threads.garcosim:1024: too many threads", "trace", "import", "--from", "garcosim", in.toString(),
                "-o", dir.resolve("out.trace").toString());
    }

    @Test
    void messagesQuoteAtMostEightyEscapedCharacters() throws IOException {
        Path file = TraceText.write(dir.resolve("q.trace"), "#jmmtk-trace 2\n" + "Q\u0007".repeat(50_000) + "\n");
        Cli.Result r = fails(2, "q.trace:2: unknown record 'Q\\u0007Q", "trace", "stats", file.toString());
        assertEquals(40, r.err().chars().filter(c -> c == 'Q').count(), r.err());
        assertTrue(r.err().contains("...'"), r.err());
    }

    @Test
    void corruptGzipHeadersNameTheFile() throws IOException {
        Path file = Files.write(dir.resolve("bad.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 'x', 'y'});
        fails(2, "bad.gz: corrupt compressed data", "trace", "stats", file.toString());
        fails(2, "bad.gz: corrupt compressed data", "run", "--trace", file.toString());
    }

    @Test
    void crlfLastLineWithoutLineFeedParses() throws IOException {
        // version 1 on purpose: in version 2 the last line is the end record, whose line must end
        Path file = Files.writeString(dir.resolve("crlf.trace"), "#jmmtk-trace 1\r\nA 0 1 16 0\r\nR 0 0 1\r");
        Cli.Result r = Cli.run("trace", "stats", file.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(1L, ((Number) JsonTree.object(r.out()).get("reachableObjects")).longValue());
    }

    @Test
    void ioErrorsNameTheirPath() throws IOException {
        fails(2, "missing-dir", "trace", "gen", "linkedlist", "--scale", "0.01", "-o",
                dir.resolve("missing-dir").resolve("x.trace").toString());
        fails(2, dir.resolve("missing.trace").toString(), "trace", "stats", dir.resolve("missing.trace").toString());
        fails(2, "sub-is-file", "sweep", "--out-dir", Files.write(dir.resolve("sub-is-file"), KEEP).toString(),
                "--workload", "linkedlist", "--scale", "0.01", "--threads", "1", "--repeat", "1");
    }

    @Test
    void exitCodeZeroForSuccess() {
        assertEquals(ExitCodes.OK, Cli.run("plans").code());
    }

    @Test
    void exitCodeOneForASimulatedOutOfMemoryInRunAndSweep() throws IOException {
        fails(1, "out of memory", "run", "--workload", "linkedlist", "--heap", "64k");
        fails(1, "out of memory", "sweep", "--workload", "linkedlist", "--heap", "64k", "--threads", "1",
                "--repeat", "1", "--warmup", "0");
    }

    @Test
    void exitCodeTwoForBadUsage() throws IOException {
        fails(2, "unknown plan", "run", "--plan", "nope");
        fails(2, "see 'jmmtk run --help'", "run", "--no-such-option");
    }

    @Test
    void seedAndScaleAreRejectedWithATrace() throws IOException {
        fails(2, "--seed and --scale", "run", "--trace", trace.toString(), "--seed", "3");
        fails(2, "--seed and --scale", "sweep", "--trace", trace.toString(), "--scale", "0.5");
    }

    @Test
    void optionValuesAreNamedAsTyped() throws IOException {
        Cli.Result r = fails(2, "packet-sizes", "probes", trace.toString(), "--report", "sizes");
        assertFalse(r.err().contains("PACKET_SIZES"), r.err());
    }

    @Test
    void outputsHaveOneSpellingAndTheOldOnesStillWork() throws IOException {
        Path recording = jfr();
        assertEquals(0, Cli.run("perfetto", recording.toString(), "--output", dir.resolve("a.json").toString()).code());
        assertEquals(0, Cli.run("perfetto", recording.toString(), "--out", dir.resolve("b.json").toString()).code());
        assertEquals(0, Cli.run("probes", recording.toString(), "--report", "gc", "--out-dir",
                dir.resolve("csv").toString()).code());
        assertTrue(Files.exists(dir.resolve("csv").resolve("gc.csv")) || Files.list(dir.resolve("csv")).findAny().isPresent());
        for (String command : List.of("perfetto", "probes", "sweep")) {
            String help = Cli.run(command, "--help").out();
            assertFalse(help.contains("--out=") || help.contains("--out "), command + ": " + help);
        }
        assertTrue(Cli.run("perfetto", "--help").out().contains("--output"));
        assertTrue(Cli.run("sweep", "--help").out().contains("--out-dir"));
    }
}
