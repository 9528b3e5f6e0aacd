package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.ExternalData;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmmtk trace import --from et2}: Elephant Tracks 2 folders, hand-written here and ET2's own samples. */
class Et2ImportTest {
    private static final String CLASSES = "3  Node\n4  [LNode;\n123  FooClass\n";
    /** As ET2 writes it: primitive type names first, then {@code Class/field}; Node declares prev before next. */
    private static final String FIELDS = "1  bool\n7  int\n4  Main/root\n8  Node/prev\n9  Node/next\n38  FooClass/next\n40  Main/head\n19  Pre/a\n";

    /**
     * Thread 7: 555 was made before tracing began (first mentioned as a receiver); Node 100's
     * constructor stores null into its field 9 before 100's {@code N}; the array 200 goes into 100's
     * field 9; 300 is garbage; 100 goes into static field 4. A line holds two glued records, as ET2
     * writes them. The static field takes the global slot 200's pin freed.
     */
    private static final String TRACE = String.join("\n",
            "M 1 555 7",
            "U 100 9 0 7",
            "N 100 24 3 11 0 7",
            "A 200 32 4 12 2 7",
            "U 100 9 200 7",
            "N 300 16 3 13 0 7W 100 3 7",
            "",
            "U 0 4 100 7",
            "E 1 7",
            "");

    @TempDir
    Path dir;

    private Path folder(String name, String trace, String fields, boolean bzip2) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("classes.list"), CLASSES);
        if (fields != null) {
            Files.writeString(d.resolve("fields.list"), fields);
        }
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

    /** The imported trace's records (the header and any end record left out). */
    private static List<String> records(Path trace) throws IOException {
        Set<String> kinds = Set.of("T", "A", "W", "R", "G", "D", "P", "C");
        return Files.readAllLines(trace).stream().filter(l -> kinds.contains(l.split(" ", 2)[0])).toList();
    }

    private Map<String, Object> importAndCount(Path folder) throws IOException {
        Path out = dir.resolve(folder.getFileName() + ".trace");
        Cli.Result r = Cli.run("trace", "import", "--from", "et2", folder.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        return JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
    }

    private static long count(Map<String, Object> stats, String key) {
        return ((Number) stats.get(key)).longValue();
    }

    @SuppressWarnings("unchecked")
    private static long stores(Map<String, Object> stats) {
        return ((Number) ((Map<String, Object>) stats.get("recordCounts")).get("W")).longValue();
    }

    @Test
    void handWrittenFolderMapsFieldsToSlotsAndMakesConstructorStoresAfterTheObject() throws IOException {
        for (boolean bzip2 : List.of(false, true)) {
            Path out = dir.resolve("small" + bzip2 + ".trace");
            Path d = folder("small" + bzip2, TRACE, FIELDS, bzip2);
            Cli.Result r = Cli.run("trace", "import", "--from", "et2", d.toString(), "-o", out.toString());
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of(
                    "A 0 1 16 0", "R 0 0 1",
                    "T 3 Node", "A 0 2 24 2 3", "G 0 2", "W 0 2 1 0",
                    "T 4 [LNode;", "A 0 3 32 0 4", "G 1 3",
                    "W 0 2 1 3", "G 1 0",
                    "A 0 4 16 2 3",
                    "G 1 2", "G 0 0",
                    "R 0 0 0"), records(out), "bzip2 " + bzip2);
            Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
            assertEquals(2L, count(stats, "reachableObjects"), "the static's object and what it holds");
            assertEquals(56L, count(stats, "reachableBytes"));
        }
    }

    @Test
    void withoutFieldsListASlotIsEachFieldStoredInOrderOfFirstStore() throws IOException {
        Path d = folder("nofields", TRACE, null, false);
        Path out = dir.resolve("nofields.trace");
        assertEquals(0, Cli.run("trace", "import", "--from", "et2", d.toString(), "-o", out.toString()).code());
        assertEquals(List.of(
                "A 0 1 16 0", "R 0 0 1",
                "T 3 Node", "A 0 2 24 1 3", "G 0 2", "W 0 2 0 0",
                "T 4 [LNode;", "A 0 3 32 0 4", "G 1 3",
                "W 0 2 0 3", "G 1 0",
                "A 0 4 16 1 3",
                "G 1 2", "G 0 0",
                "R 0 0 0"), records(out));
    }

    /**
     * Like ET2's own lots_of_allocs: {@code n} FooClass objects in a loop, each constructor storing null
     * into {@code next} before the object's {@code N}, then {@code setNext(previous)}; the ids are
     * identity hash codes that come back (object {@code i} has id {@code 1000 + i % 40}, so the ids of
     * the first ten are given again while those objects are still linked). Two objects were made before
     * tracing ({@code 7001.a = 7002}), and static field 40 holds the last object at the end.
     */
    private static String lotsOfAllocs(int n) {
        List<String> lines = new ArrayList<>(List.of("M 229 0 5", "U 7001 19 7002 5", "E 229 5", "M 230 7001 5", "W 7001 57 5", "E 230 5"));
        for (int i = 0; i < n; i++) {
            long id = 1000 + i % 40;
            long previous = i == 0 ? 0 : 1000 + (i - 1) % 40;
            lines.addAll(List.of("M 515 0 5", "U " + id + " 38 0 5", "E 515 5", "N " + id + " 24 123 325 0 5",
                    "M 518 " + id + " 5", "W " + id + " 123 5", "U " + id + " 38 " + previous + " 5", "E 518 5"));
        }
        lines.add("U 0 40 " + (1000 + (n - 1) % 40) + " 5");
        return String.join("\n", lines) + "\n";
    }

    @Test
    void lotsOfAllocsLikeSampleKeepsEveryObjectOnceWhenIdsComeBack() throws IOException {
        int n = 50;
        for (String fields : java.util.Arrays.asList(FIELDS, null)) {
            Map<String, Object> stats = importAndCount(folder("lots" + (fields != null), lotsOfAllocs(n), fields, true));
            assertEquals(n + 2L, count(stats, "objects"), "every N once, and the two made before tracing");
            assertEquals(2L * n + 1, stores(stats), "two stores per object and one before tracing");
            assertEquals(24L * n + 24 + 16, count(stats, "bytesAllocated"), "7001 has one slot (8 bytes), 7002 none");
            assertEquals(n, count(stats, "reachableObjects"), "the static holds the whole chain: an id given again is a new object");
            assertEquals(24L * n, count(stats, "reachableBytes"));
        }
    }

    @Test
    void storeOfAnIdNotYetAllocatedWaitsForIt() throws IOException {
        // a constructor handing out this (300.next = 100) before 100's N, and 100.next = 100
        String trace = "U 300 9 100 7\nU 100 9 100 7\nN 100 24 3 11 0 7\nU 0 4 300 7\nW 300 3 7\n";
        Map<String, Object> stats = importAndCount(folder("escape", trace, FIELDS, false));
        assertEquals(2L, count(stats, "objects"), "100 once (allocated), 300 made before tracing");
        assertEquals(2L, stores(stats));
        assertEquals(2L, count(stats, "reachableObjects"));
    }

    @Test
    void malformedRecordsAndUnknownFieldsNameTheLine() throws IOException {
        Map<String, String> bad = Map.of(
                "N 100 24 3 11 0 7\nU 100 x 9 7\n", ":2: 'x' is not a non-negative decimal number",
                "Q 1 2\n", ":1: unknown Elephant Tracks 2 record 'Q'",
                "N 100 24 3 11 0 7\nU 100 99 0 7\n", ":2: field 99 is not in FIELDS",
                "N 100 24 3 11 0 7\n\nU 100 7 0 7\n", ":3: field 7 is 'int' in FIELDS, not a Class/field",
                "N 0 24 3 11 0 7\n", ":1: object id 0 (null) is not an object");
        int i = 0;
        for (var e : bad.entrySet()) {
            Path d = folder("bad" + i++, e.getKey(), FIELDS, false);
            Path out = dir.resolve("bad.trace");
            Cli.Result r = Cli.run("trace", "import", "--from", "et2", d.toString(), "-o", out.toString());
            assertEquals(2, r.code(), r.err());
            assertEquals(List.of("jmmtk: " + d.resolve("trace") + e.getValue().replace("FIELDS", d.resolve("fields.list").toString())),
                    r.errLines(), e.getKey());
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void elephantTracksOwnSamplesImportWithExactCountsAndReplayOnEveryPlan() throws IOException {
        Path samples = ExternalData.find("elephant-tracks");
        assumeTrue(Files.isDirectory(samples.resolve("et2-lots_of_allocs")), "Elephant Tracks samples not here (" + samples + "); skipped");
        // objects: the N records plus those made before tracing; stores: every U record (none static)
        Map<String, long[]> expected = Map.of(
                "et2-new_call", new long[] {13, 11, 256},
                "et2-methods", new long[] {2, 0, 32},
                "et2-lots_of_allocs", new long[] {1014, 2012, 24280});
        for (var e : expected.entrySet()) {
            Path out = dir.resolve(e.getKey() + ".trace");
            Cli.Result r = Cli.run("trace", "import", "--from", "et2", samples.resolve(e.getKey()).toString(), "-o", out.toString());
            assertEquals(0, r.code(), e.getKey() + ": " + r.err());
            Map<String, Object> stats = JsonTree.object(Cli.run("trace", "stats", "--json", out.toString()).out());
            assertEquals(e.getValue()[0], count(stats, "objects"), e.getKey());
            assertEquals(e.getValue()[1], stores(stats), e.getKey());
            assertEquals(e.getValue()[2], count(stats, "bytesAllocated"), e.getKey());
            for (Plans.Entry plan : Plans.REGISTRY.all()) {
                Cli.Result run = Cli.run("run", "--trace", out.toString(), "--plan", plan.name(), "--heap", "1m", "--sanity", "--json");
                assertEquals(0, run.code(), e.getKey() + " on " + plan.name() + ": " + run.err());
                assertEquals(e.getValue()[0], ((Number) JsonTree.object(run.out()).get("objectsAllocated")).longValue());
            }
        }
    }
}
