package org.jmmtk.tools.arena;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --arena-events} and {@code arena replay|dump}: the replayed live set is the run's final
 * live set on every built-in plan; the dump is one line per record; a damaged file (cut anywhere, a
 * byte changed) is exit 2 naming the file and where, never a stack trace; a failed run leaves an
 * existing file alone.
 */
class ArenaCommandTest {
    @TempDir
    Path dir;

    @Test
    void replayEqualsTheRunsFinalLiveSetOnEveryPlan() throws IOException {
        for (String plan : List.of("semispace", "marksweep", "markcompact", "immix", "gencopy", "appel", "genimmix",
                "olderfirst", "refcount", "lxr")) {
            Path events = dir.resolve(plan + ".aev");
            Cli.Result run = Cli.run("run", "--plan", plan, "--workload", "random", "--scale", "0.02", "--heap", "1m",
                    "--json", "--arena-events", events.toString());
            assertEquals(0, run.code(), plan + ": " + run.err());
            Map<String, Object> metrics = JsonTree.object(run.out());
            Cli.Result replay = Cli.run("arena", "replay", "--json", events.toString());
            assertEquals(0, replay.code(), plan + ": " + replay.err());
            Map<String, Object> r = JsonTree.object(replay.out());
            assertEquals(metrics.get("finalLiveObjects"), r.get("liveObjects"), plan);
            assertEquals(((Number) metrics.get("gcCount")).longValue() + 1, ((Number) r.get("collections")).longValue(),
                    plan + ": every collection and the final one");
            List<?> occupancy = (List<?>) r.get("occupancy");
            assertEquals(((Number) r.get("arenas")).intValue(), occupancy.size(), plan);
            long bytes = 0;
            for (Object a : occupancy) {
                bytes += ((Number) ((Map<?, ?>) a).get("bytes")).longValue();
            }
            assertEquals(((Number) r.get("liveBytes")).longValue(), bytes, plan + ": arenas add up");
        }
    }

    @Test
    void dumpPrintsOneLinePerRecord() throws IOException {
        Path events = dir.resolve("ss.aev");
        assertEquals(0, Cli.run("run", "--plan", "semispace", "--workload", "random", "--scale", "0.01", "--heap", "1m",
                "--arena-events", events.toString()).code());
        Cli.Result dump = Cli.run("arena", "dump", events.toString());
        assertEquals(0, dump.code(), dump.err());
        List<String> lines = dump.out().lines().toList();
        assertEquals("NEW_ARENA 1 los", lines.get(0));
        String end = lines.get(lines.size() - 1);
        assertEquals("END " + (lines.size() - 1), end);
        assertTrue(lines.contains("DELETE_ARENA 3") && lines.stream().anyMatch(l -> l.startsWith("MOVE_OBJECT 3 ")),
                "a semispace moves survivors and deletes its from-space");
    }

    @Test
    void damagedFilesAreRejectedWithWhere() throws IOException {
        Path events = dir.resolve("ms.aev");
        assertEquals(0, Cli.run("run", "--plan", "marksweep", "--workload", "random", "--scale", "0.01", "--heap", "1m",
                "--arena-events", events.toString()).code());
        byte[] good = Files.readAllBytes(events);
        SplittableRandom random = new SplittableRandom(19);
        Path bad = dir.resolve("bad.aev");
        for (int i = 0; i < 16; i++) {
            byte[] b;
            if (i % 2 == 0) {
                b = java.util.Arrays.copyOf(good, random.nextInt(good.length));
            } else {
                b = good.clone();
                b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
            }
            Files.write(bad, b);
            for (String sub : List.of("replay", "dump")) {
                Cli.Result r = Cli.run("arena", sub, bad.toString());
                Hostile.assertCleanEnd(r);
                assertEquals(2, r.code(), (i % 2 == 0 ? "a cut file is truncated" : "the checksum catches a flipped byte")
                        + ": " + r.err());
                assertTrue(r.err().startsWith("jmmtk: " + bad + ": "), r.err());
                assertTrue(r.err().contains("byte offset"), r.err());
            }
        }
        Cli.Result r = Cli.run("arena", "replay", dir.toString());
        assertEquals(2, r.code());
        Hostile.assertCleanMessage(r);
    }

    @Test
    void versionOneFilesWithoutAChecksumAreStillRead() throws IOException {
        Path events = dir.resolve("ms.aev");
        assertEquals(0, Cli.run("run", "--plan", "marksweep", "--workload", "random", "--scale", "0.01", "--heap", "1m",
                "--arena-events", events.toString()).code());
        byte[] v2 = Files.readAllBytes(events);
        assertEquals(2, v2[8], "the version follows the 8 magic bytes");
        // The checksum is the last varint: its last byte has the high bit clear, the ones before it set.
        int end = v2.length - 1;
        while ((v2[end - 1] & 0x80) != 0) {
            end--;
        }
        byte[] v1 = java.util.Arrays.copyOf(v2, end);
        v1[8] = 1;
        Path old = dir.resolve("v1.aev");
        Files.write(old, v1);
        Cli.Result now = Cli.run("arena", "dump", events.toString());
        Cli.Result before = Cli.run("arena", "dump", old.toString());
        assertEquals(0, before.code(), before.err());
        assertEquals(now.out(), before.out());
    }

    @Test
    void aFailedRunLeavesTheFileAlone() throws IOException {
        Path events = dir.resolve("keep.aev");
        Files.writeString(events, "precious");
        Cli.Result r = Cli.run("run", "--plan", "nosuchplan", "--workload", "random", "--arena-events", events.toString());
        assertEquals(2, r.code());
        Cli.Result both = Cli.run("run", "--plugin", "arena", "--workload", "random", "--arena-events", events.toString());
        assertEquals(2, both.code());
        assertArrayEquals("precious".getBytes(), Files.readAllBytes(events));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }
}
