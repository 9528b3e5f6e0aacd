package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmmtk trace import --from et2}: Elephant Tracks 2 folders, hand-written here and ET2's own samples. */
class Et2ImportTest {
    /**
     * Thread 7: object 100 (class 3) gets 200 stored into field 9, then 100 goes into static field 4;
     * 300 is garbage; 555 was made before tracing began (first mentioned as a receiver). A line holds
     * two glued records, as ET2 writes them. The static field takes the global slot 200's pin freed.
     */
    private static final String TRACE = String.join("\n",
            "M 1 555 7",
            "N 100 24 3 11 0 7",
            "A 200 32 4 12 2 7",
            "U 100 200 9 7",
            "N 300 16 3 13 0 7W 100 3 7",
            "",
            "U 0 100 4 7",
            "E 1 7",
            "");

    @TempDir
    Path dir;

    private Path folder(String trace, boolean bzip2) throws IOException {
        Path d = Files.createDirectories(dir.resolve(bzip2 ? "bz" : "plain"));
        Files.writeString(d.resolve("classes.list"), "3  Node\n4  [LNode;\n");
        byte[] bytes = trace.getBytes(StandardCharsets.UTF_8);
        if (bzip2) {
            try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(d.resolve("trace.bz2")))) {
                out.write(bytes);
            }
        } else {
            Files.write(d.resolve("trace"), bytes);
        }
        return d;
    }

    @Test
    void handWrittenFolderImportsWithRootsFromFramesAndStatics() throws IOException {
        for (boolean bzip2 : List.of(false, true)) {
            Path out = dir.resolve("small" + bzip2 + ".trace");
            Cli.Result r = Cli.run("trace", "import", "--from", "et2", folder(TRACE, bzip2).toString(), "-o", out.toString());
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of("#jmmtk-trace 2",
                    "A 0 1 16 0", "R 0 0 1",
                    "T 3 Node", "A 0 2 24 1 3", "G 0 2",
                    "T 4 [LNode;", "A 0 3 32 0 4", "G 1 3",
                    "W 0 2 0 3", "G 1 0",
                    "A 0 4 16 0 3",
                    "G 1 2", "G 0 0",
                    "R 0 0 0"), TraceText.withoutEnd(out), "bzip2 " + bzip2);
            Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
            assertEquals(2L, ((Number) stats.get("reachableObjects")).longValue(), "the static's object and what it holds");
        }
    }

    @Test
    void malformedRecordsNameTheLine() throws IOException {
        Path d = folder("N 100 24 3 11 0 7\nU 100 x 9 7\n", false);
        Cli.Result r = Cli.run("trace", "import", "--from", "et2", d.toString(), "-o", dir.resolve("bad.trace").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("jmmtk: " + d.resolve("trace") + ":2: 'x' is not a non-negative decimal number"), r.errLines());
        Files.writeString(d.resolve("trace"), "Q 1 2\n");
        r = Cli.run("trace", "import", "--from", "et2", d.toString(), "-o", dir.resolve("bad.trace").toString());
        assertEquals(List.of("jmmtk: " + d.resolve("trace") + ":1: unknown Elephant Tracks 2 record 'Q'"), r.errLines());
        assertFalse(Files.exists(dir.resolve("bad.trace")));
    }

    @Test
    void elephantTracksOwnSamplesImportAndReplayOnEveryPlan() throws IOException {
        Path samples = Path.of("../../shared/external/elephant-tracks").toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(samples.resolve("et2-lots_of_allocs")), "Elephant Tracks samples not here (" + samples + "); skipped");
        for (String name : List.of("et2-new_call", "et2-methods", "et2-lots_of_allocs")) {
            Path out = dir.resolve(name + ".trace");
            Cli.Result r = Cli.run("trace", "import", "--from", "et2", samples.resolve(name).toString(), "-o", out.toString());
            assertEquals(0, r.code(), name + ": " + r.err());
            long objects = ((Number) JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out()).get("objects")).longValue();
            for (Plans.Entry plan : Plans.REGISTRY.all()) {
                Cli.Result run = Cli.run("run", "--trace", out.toString(), "--plan", plan.name(), "--heap", "1m", "--sanity", "--json");
                assertEquals(0, run.code(), name + " on " + plan.name() + ": " + run.err());
                assertEquals(objects, ((Number) JsonTree.object(run.out()).get("objectsAllocated")).longValue());
            }
        }
    }
}
