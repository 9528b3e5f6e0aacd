package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmmtk trace import --from garcosim} converts a GarCoSim trace that stats and run then agree on. */
class TraceImportCommandTest {
    /** Root to O1 to O2, O3 garbage, O4 held by a static field: three objects of 64 + 32 + 24 bytes live. */
    private static final String GARCOSIM = String.join("\n",
            "a T1 O1 S64 N2 C1",
            "+ T1 O1",
            "a T1 O2 S32 N0 C1",
            "+ T1 O2",
            "w T1 P1 #1 O2 F0 S8 V0",
            "- T1 O2",
            "r T1 O1 F0 S8 V0",
            "a T2 O3 S100 N1 C2",
            "+ T2 O3",
            "a T2 O4 S24 N0 C2",
            "w T2 P3 #0 O4",
            "c T2 C2 F5 O4 S8 V0",
            "- T2 O3",
            "");

    @TempDir
    Path dir;

    private Path input;

    @BeforeEach
    void writeGarCoSimTrace() throws IOException {
        input = Files.writeString(dir.resolve("small.trace"), GARCOSIM);
    }

    private static Map<String, Object> json(Cli.Result r) throws IOException {
        assertEquals(0, r.code(), r.err());
        return JsonTree.object(r.out());
    }

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    @Test
    void importedTextTraceKeepsTheGraph() throws IOException {
        Path output = dir.resolve("small.jmmtk");
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", input.toString(), "-o", output.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("#jmmtk-trace 2", "A 1 1 64 2 1", "R 1 0 1", "A 1 2 32 0 1", "R 1 1 2", "W 1 1 1 2",
                "R 1 1 0", "A 2 3 100 1 2", "R 2 0 3", "A 2 4 24 0 2", "W 2 3 0 4", "G 0 4", "R 2 0 0"),
                TraceText.withoutEnd(output));

        Map<String, Object> imported = json(Cli.run("trace", "stats", output.toString(), "--json"));
        assertEquals(3, number(imported, "reachableObjects"));
        assertEquals(120, number(imported, "reachableBytes"));

        Map<String, Object> direct = json(Cli.run("trace", "stats", "--from", "garcosim", input.toString(), "--json"));
        assertEquals("garcosim", direct.get("format"));
        assertEquals(number(imported, "reachableObjects"), number(direct, "reachableObjects"));
        assertEquals(number(imported, "reachableBytes"), number(direct, "reachableBytes"));
        assertEquals(number(imported, "records"), number(direct, "records"));

        for (String plan : List.of("semispace", "marksweep")) {
            Map<String, Object> run = json(Cli.run("run", "--trace", output.toString(), "--plan", plan, "--heap", "4m",
                    "--threads", "2", "--sanity", "--json"));
            assertEquals(3, number(run, "finalLiveObjects"), plan);
            assertEquals(120, number(run, "finalLiveBytes"), plan);
        }
    }

    @Test
    void importedBinaryGzippedTraceHasTheSameStatistics() throws IOException {
        Path output = dir.resolve("small.jtb.gz");
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", "--binary", input.toString(), "-o",
                output.toString());
        assertEquals(0, r.code(), r.err());
        try (InputStream in = Files.newInputStream(output)) {
            assertArrayEquals(new byte[] {0x1f, (byte) 0x8b}, in.readNBytes(2));
        }
        Map<String, Object> stats = json(Cli.run("trace", "stats", output.toString(), "--json"));
        assertEquals(13 - 1, number(stats, "records"));
        assertEquals(3, number(stats, "reachableObjects"));
        assertEquals(120, number(stats, "reachableBytes"));
    }

    @Test
    void malformedGarCoSimTraceNamesFileAndLine() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), "a T1 O1 S8 N0\n+ T1 O1\n- T1 O2\n");
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", bad.toString(), "-o",
                dir.resolve("out.trace").toString());
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: " + bad + ":3: thread 1 removes a root to object 2, which it does not hold"),
                r.errLines());
    }

    @Test
    void objectOfSizeZeroIsRejectedOnImport() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), "a T1 O1 S8 N0\na T1 O2 S0 N0\n");
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", bad.toString(), "-o",
                dir.resolve("out.trace").toString());
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: " + bad + ":2: size 0 is out of range 1..68719476735"), r.errLines());
    }

    @Test
    void unknownForeignFormatIsBadUsage() {
        Cli.Result r = Cli.run("trace", "import", "--from", "elephant", input.toString(), "-o",
                dir.resolve("out.trace").toString());
        assertEquals(2, r.code());
        assertEquals("", r.out());
    }

    @Test
    void aFailedImportLeavesNoPartialOutput() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), GARCOSIM + "- T1 O9\n");
        Path output = dir.resolve("out.jmmtk");
        Cli.Result r = Cli.run("trace", "import", "--from", "garcosim", bad.toString(), "-o", output.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(false, Files.exists(output), "partial output left behind");
    }
}
