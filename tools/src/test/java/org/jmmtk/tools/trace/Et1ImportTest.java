package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.ExternalData;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmmtk trace import --from et1}: Elephant Tracks 1 traces, hand-written here and ET's own sample. */
class Et1ImportTest {
    /**
     * Two threads. 0x10 (one slot: the one field stored into) points to 0x11; 0x12 is garbage at once;
     * an array 0xa0 is stored into by slot without field ids; a static field (source 0) holds 0x11 after
     * 0x10 dies. Alive at the end (no death record): 0x11 and the array.
     */
    static final String TRACE = String.join("\n",
            "M 0x1 0x0 0x1",
            "N 0x10 0x18 LNode; 0x5 0 0x1",
            "N 0x11 0x18 LNode; 0x5 0x1",
            "U 0x0 0x10 0x11 0x7 0x1",
            "N 0x12 0x10 Ljava/lang/Object; 0x6 0x1",
            "D 0x12 0x1",
            "A a0 0x28 [Ljava/lang/Object; 0x9 0x4 0x2",
            "U 0 a0 0x11 0x2",
            "U 0 a0 0x10 0x2",
            "U 0x10 a0 0x0 0x2",
            "R 0x10 0x1",
            "U 0x0 0x0 0x11 0x3 0x1",
            "U 0x11 0x10 0x0 0x7 0x1",
            "D 0x10 0x1",
            "E 0x1 0x0 0x1",
            "");

    @TempDir
    Path dir;

    private Cli.Result importEt1(Path in, Path out) {
        return Cli.run("trace", "import", "--from", "et1", in.toString(), "-o", out.toString());
    }

    @Test
    void handWrittenTraceKeepsItsDeathsAndGraph() throws IOException {
        Path in = Files.writeString(dir.resolve("small.et1"), TRACE);
        Path out = dir.resolve("small.trace");
        Cli.Result r = importEt1(in, out);
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("#jmmtk-trace 2",
                "T 1 LNode;", "A 0 16 24 1 1", "G 0 16",
                "A 0 17 24 0 1", "G 1 17",
                "W 0 16 0 17",
                "T 2 Ljava/lang/Object;", "A 0 18 16 0 2", "G 2 18", "G 2 0", "D 18",
                "T 3 [Ljava/lang/Object;", "A 1 160 40 2 3", "G 2 160",
                "W 1 160 0 17", "W 1 160 1 16", "W 1 160 1 0",
                "G 3 17",
                "W 0 16 0 0",
                "G 0 0", "D 16"), TraceText.withoutEnd(out));
        Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
        assertEquals(2L, ((Number) stats.get("reachableObjects")).longValue());
        assertEquals(64L, ((Number) stats.get("reachableBytes")).longValue());
    }

    /**
     * In the layout of ET's own escape_analysis_test (hex ids with 0x, {@code N obj size type site thread},
     * method frames, deaths without a thread): 30 FakeObjects of 16, 24 or 32 bytes ({@code 16 + 8 x (i mod 3)}),
     * the even ones dying at once, then two 32-byte Others that never die.
     */
    @Test
    void handWrittenSampleInEtsOwnLayoutImportsWithExactCounts() throws IOException {
        StringBuilder trace = new StringBuilder("M 0x1 0x0 0x1\n");
        for (int i = 1; i <= 30; i++) {
            trace.append(String.format("N 0x%x 0x%x LFakeObject; 0x%x 0x1%n", i, 16 + 8 * (i % 3), i));
            if (i % 2 == 0) {
                trace.append(String.format("D 0x%x%n", i));
            }
        }
        trace.append("M 0x2 0x0 0x1\nN 0x2a 0x20 LOther; 0x40 0x1\nN 0x2b 0x20 LOther; 0x41 0x1\nE 0x2 0x0 0x1\nE 0x1 0x0 0x1\n");
        Path out = dir.resolve("fake.trace");
        Cli.Result r = importEt1(Files.writeString(dir.resolve("fake.et1"), trace), out);
        assertEquals(0, r.code(), r.err());
        Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
        assertEquals(32L, ((Number) stats.get("objects")).longValue());
        assertEquals(784L, ((Number) stats.get("bytesAllocated")).longValue(), "30 x 16 + 10 x (8 + 16) + 2 x 32");
        assertEquals(15L, ((Number) ((Map<?, ?>) stats.get("recordCounts")).get("D")).longValue());
        assertEquals(17L, ((Number) stats.get("reachableObjects")).longValue(), "15 odd FakeObjects and the two Others");
        assertEquals(424L, ((Number) stats.get("reachableBytes")).longValue());
    }

    @Test
    void malformedRecordsNameTheLine() throws IOException {
        Map<String, String> bad = Map.of(
                "N 0x1 0x10 LA; 0x1\n", "small.et1:1: record 'N' has 4 fields; it takes 5 or 6",
                "N 0x1 0x10 LA; 0x1 0x1\nU 0 0x1 zz 0x1 0x1\n", "small.et1:2: 'zz' is not a non-negative hexadecimal number",
                "N 0x1 0x10 LA; 0x1 0x1\nQ 0x1\n", "small.et1:2: unknown Elephant Tracks record 'Q'",
                "D 0x5\n", "small.et1:1: death of object 0x5, which is not allocated or already dead",
                "N 0x0 0x10 LA; 0x1 0x1\n", "small.et1:1: object id 0 (null) is not an object");
        for (var e : bad.entrySet()) {
            Path in = Files.writeString(dir.resolve("small.et1"), e.getKey());
            Path out = dir.resolve("bad.trace");
            Cli.Result r = importEt1(in, out);
            assertEquals(2, r.code(), e.getKey());
            assertEquals(List.of("jmmtk: " + in.getParent().resolve(e.getValue())), r.errLines(), e.getKey());
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void elephantTracksOwnSampleImportsAndReplaysOnEveryPlan() throws IOException {
        Path sample = ExternalData.find("elephant-tracks/et1-escape_analysis_test.trace");
        assumeTrue(Files.isRegularFile(sample), "Elephant Tracks samples not here (" + sample + "); skipped");
        Path out = dir.resolve("sample.trace");
        Cli.Result r = importEt1(sample, out);
        assertEquals(0, r.code(), r.err());
        Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
        assertEquals(3L, ((Number) stats.get("objects")).longValue(), "every N record");
        assertEquals(2L, ((Number) stats.get("reachableObjects")).longValue(), "the two objects without a death record");
        for (Plans.Entry plan : Plans.REGISTRY.all()) {
            Cli.Result run = Cli.run("run", "--trace", out.toString(), "--plan", plan.name(), "--heap", "64k", "--sanity", "--json");
            assertEquals(0, run.code(), plan.name() + ": " + run.err());
            assertEquals(3L, ((Number) JsonTree.object(run.out()).get("objectsAllocated")).longValue());
        }
    }
}
