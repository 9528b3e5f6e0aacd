package org.jmmtk.tools.run;

import org.jmmtk.tools.BruteForceMmu;
import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --mmu-out}: the MMU and BMU curves as CSV, written whole, never over the input trace. */
class MmuCsvTest {
    @TempDir
    Path dir;

    static List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void curvesMatchAnIndependentRecomputation() throws IOException {
        Path csv = Files.createDirectories(dir.resolve("curves")).resolve("mmu.csv");
        Cli.Result r = Cli.run("run", "--plan", "semispace", "--workload", "binarytrees", "--scale", "0.1", "--heap",
                "1m", "--threads", "2", "--json", "--mmu-out", csv.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("windowMs,mmu,bmu", lines.get(0));
        assertTrue(lines.size() > 20, "too few rows: " + lines.size());
        assertEquals(List.of("mmu.csv"), names(csv.getParent()), "temporary files left behind");

        BruteForceMmu brute = new BruteForceMmu(json);
        double wall = ((Number) json.get("wallMs")).doubleValue();
        double previousWindow = 0;
        double previousBmu = 0;
        boolean sawJsonWindow = false;
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            double w = Double.parseDouble(cells[0]);
            double mmu = Double.parseDouble(cells[1]);
            double bmu = Double.parseDouble(cells[2]);
            assertTrue(w > previousWindow && w <= wall + 1e-9, line);
            assertEquals(brute.mmu(w), mmu, 1e-5, "MMU at " + line);
            assertEquals(brute.bmu(w), bmu, 1e-5, "BMU at " + line);
            assertTrue(bmu <= mmu && previousBmu <= bmu, line);
            sawJsonWindow |= w == 10;
            previousWindow = w;
            previousBmu = bmu;
        }
        assertEquals(wall, previousWindow, 1e-6, "the last row is the whole run");
        assertTrue(sawJsonWindow, "the JSON's 10 ms window is a row");
    }

    @Test
    void outOfMemoryStillWritesTheCurvesOfThePartialRun() throws IOException {
        Path csv = dir.resolve("oom.csv");
        Cli.Result r = Cli.run("run", "--plan", "marksweep", "--workload", "cache", "--scale", "0.2", "--heap", "256k",
                "--threads", "2", "--json", "--mmu-out", csv.toString());
        assertEquals(1, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("windowMs,mmu,bmu", lines.get(0));
        String[] last = lines.get(lines.size() - 1).split(",");
        assertEquals(((Number) json.get("wallMs")).doubleValue(), Double.parseDouble(last[0]), 1e-6);
        assertEquals(new BruteForceMmu(json).mmu(Double.parseDouble(last[0])), Double.parseDouble(last[1]), 1e-5);
    }

    @Test
    void refusesToOverwriteTheTraceItReplays() throws IOException {
        Path trace = dir.resolve("t.trace");
        Cli.Result gen = Cli.run("trace", "gen", "linkedlist", "--scale", "0.01", "-o", trace.toString());
        assertEquals(0, gen.code(), gen.err());
        byte[] before = Files.readAllBytes(trace);
        Path sameFile = dir.resolve("sub/../t.trace");
        Files.createDirectories(dir.resolve("sub"));
        Cli.Result r = Cli.run("run", "--trace", trace.toString(), "--threads", "1", "--mmu-out", sameFile.toString());
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(List.of("jmmtk: --mmu-out " + sameFile + " is also an input or output of this command; write to another file"),
                r.errLines());
        assertArrayEquals(before, Files.readAllBytes(trace));
    }

    @Test
    void refusesTheSamePathAsTheRecording() throws IOException {
        Path target = dir.resolve("x.jfr");
        Cli.Result r = Cli.run("run", "--plan", "nogc", "--workload", "linkedlist", "--scale", "0.01", "--threads", "1",
                "--jfr", target.toString(), "--mmu-out", dir.resolve("./x.jfr").toString());
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: --mmu-out " + dir.resolve("./x.jfr") + " is also an input or output of this "
                + "command; write to another file"), r.errLines());
        assertEquals(List.of(), names(dir));
    }

    @Test
    void refusesADirectoryAndLeavesNothingBehind() throws IOException {
        Path target = Files.createDirectories(dir.resolve("out.csv"));
        Cli.Result r = Cli.run("run", "--plan", "nogc", "--workload", "linkedlist", "--scale", "0.01", "--threads", "1",
                "--mmu-out", target.toString());
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: --mmu-out " + target + " exists and is not a regular file (a directory, link or device); "
                + "jmmtk replaces only regular files"), r.errLines());
        assertEquals(List.of("out.csv"), names(dir));
        assertEquals(List.of(), names(target));
    }
}
