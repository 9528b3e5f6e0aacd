package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.jmmtk.tools.error.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paper's analysis on tables whose answer is known: a metric that granulated runs raise from some
 * granule on is found significant from exactly there, with its direction; noise around the perfect
 * value is not; runs the paper leaves out are left out; a metric no run of a collector has is n/a.
 */
class GranularityAnalysisTest {
    private static final String HEADER = "plan,heapFactor,workload,seed,scale,granule,sync,threads,repeats,outcome,"
            + "maxLiveBytes,heapBytes,gcCount,markCons,spaceTime,writeBarrierStores\n";

    @TempDir
    Path dir;

    /** 12 programs; mark/cons rises by 10% from 4k on under 'none'; GC counts are noise; semispace has no barrier. */
    private Path study() throws IOException {
        StringBuilder csv = new StringBuilder(HEADER);
        Random random = new Random(7);
        for (String plan : List.of("semispace", "gencopy")) {
            for (int seed = 1; seed <= 12; seed++) {
                long wb = plan.equals("gencopy") ? 1000 : 0;
                csv.append(row(plan, seed, 0, "none", "ok", 20, 0.5, 1e9, wb));
                for (long g : List.of(1024L, 4096L, 16384L)) {
                    double markCons = 0.5 * (g >= 4096 ? 1.1 + 0.01 * random.nextGaussian() : 1 + 0.01 * random.nextGaussian());
                    int gcs = 20 + (seed % 3) - 1;
                    csv.append(row(plan, seed, g, "none", "ok", gcs, markCons, 1e9, wb));
                }
            }
        }
        // left out: out of memory, too few GCs, a granule of a quarter of the heap
        csv.append(row("semispace", 13, 0, "none", "ok", 20, 0.5, 1e9, 0));
        csv.append(row("semispace", 13, 1024, "none", "oom", 20, 9, 1e9, 0));
        csv.append(row("semispace", 14, 0, "none", "ok", 5, 0.5, 1e9, 0));
        csv.append(row("semispace", 14, 1024, "none", "ok", 5, 9, 1e9, 0));
        csv.append(row("semispace", 15, 0, "none", "ok", 20, 0.5, 1e9, 0).replace(",131072,", ",16384,"));
        csv.append(row("semispace", 15, 4096, "none", "ok", 20, 9, 1e9, 0).replace(",131072,", ",16384,"));
        return Files.writeString(dir.resolve("g.csv"), csv);
    }

    private static String row(String plan, int seed, long granule, String sync, String outcome, int gcs, double markCons,
                              double spaceTime, long wb) {
        return String.join(",", plan, "2", "random", Integer.toString(seed), "1", Long.toString(granule), sync, "1", "1",
                outcome, "32768", "131072", Integer.toString(gcs), Double.toString(markCons), Double.toString(spaceTime),
                Long.toString(wb)) + "\n";
    }

    private static GranularityAnalysis.Cell cell(GranularityAnalysis.Result r, String metric, String plan) {
        return r.cells().stream().filter(c -> c.metric().equals(metric) && c.plan().equals(plan)).findFirst().orElseThrow();
    }

    @Test
    void findsTheSmallestGranuleAtWhichAMetricDiffersAndWhichWay() throws IOException {
        GranularityAnalysis.Result r = GranularityAnalysis.analyse(CsvTable.read(study()),
                new GranularityAnalysis.Filter(10, 0, 0.05));
        assertEquals(72, r.pairs());
        assertEquals(3, r.excluded());
        for (String plan : List.of("semispace", "gencopy")) {
            assertEquals("4k+", cell(r, "Mark/Cons", plan).text());
            assertEquals(4096, cell(r, "Mark/Cons", plan).granule());
            assertEquals("none", cell(r, "Space-Time", plan).text());
        }
        assertEquals("n/a", cell(r, "WB Stores", "semispace").text());
        assertEquals("none", cell(r, "WB Stores", "gencopy").text());
        GranularityAnalysis.Test at1k = r.tests().stream().filter(t -> t.metric().equals("Mark/Cons") && t.granule() == 1024
                && t.plan().equals("gencopy")).findFirst().orElseThrow();
        assertEquals(12, at1k.n());
        assertFalse(at1k.significant(), at1k.toString());
        GranularityAnalysis.Test at4k = r.tests().stream().filter(t -> t.metric().equals("Mark/Cons") && t.granule() == 4096
                && t.plan().equals("gencopy")).findFirst().orElseThrow();
        assertTrue(at4k.p() < 1e-6 && Math.abs(at4k.ratio() - 1.1) < 0.01, at4k.toString());
    }

    @Test
    void table4LeavesOutSmallPrograms() throws IOException {
        GranularityAnalysis.Result r = GranularityAnalysis.analyse(CsvTable.read(study()),
                new GranularityAnalysis.Filter(10, 1 << 20, 0.05));
        assertEquals(0, r.pairs());
        assertEquals("-", cell(r, "Mark/Cons", "gencopy").text());
    }

    @Test
    void theTestAgreesWithATextbookExample() {
        // 0, 1, 2, 1: mean 1, sample sd sqrt(2/3), so t = sqrt(6); with 3 degrees of freedom the t CDF has a closed
        // form, F(t) = 1/2 + (x / (1 + x^2) + atan x) / pi with x = t / sqrt 3 = sqrt 2, so p = 2 (1 - F) = 0.091716
        GranularityAnalysis.Test t = GranularityAnalysis.test("m", "none", "p", 1, List.of(0.0, 1.0, 2.0, 1.0), 0.05);
        assertEquals(4, t.n());
        assertEquals(1.0, t.meanLogRatio(), 1e-12);
        assertEquals(Math.sqrt(6), t.t(), 1e-9);
        double x = Math.sqrt(2);
        assertEquals(2 * (0.5 - (x / (1 + x * x) + Math.atan(x)) / Math.PI), t.p(), 1e-9);
        assertFalse(t.significant(), t.toString());
        assertTrue(GranularityAnalysis.test("m", "none", "p", 1, List.of(0.2, 0.2, 0.2), 0.05).significant());
        assertFalse(GranularityAnalysis.test("m", "none", "p", 1, List.of(0.0, 0.0), 0.05).significant());
        assertFalse(GranularityAnalysis.test("m", "none", "p", 1, List.of(0.3), 0.05).significant());
    }

    @Test
    void aCsvWithoutTheColumnsIsBadInput() throws IOException {
        Path csv = Files.writeString(dir.resolve("plain.csv"), "plan,heapFactor,outcome,gcCount\nsemispace,2,ok,3\n");
        UsageException e = assertThrows(UsageException.class,
                () -> GranularityAnalysis.analyse(CsvTable.read(csv), new GranularityAnalysis.Filter(10, 0, 0.05)));
        assertTrue(e.getMessage().startsWith(csv + ":1: no column 'granule'"), e.getMessage());
    }

    @Test
    void aCellThatIsNotANumberIsBadInputAtItsLine() throws IOException {
        Path csv = Files.writeString(dir.resolve("bad.csv"), HEADER + row("semispace", 1, 0, "none", "ok", 20, 0.5, 1e9, 0)
                + row("semispace", 1, 1024, "none", "ok", 20, 0.5, 1e9, 0).replace(",1024,", ",1k,"));
        UsageException e = assertThrows(UsageException.class,
                () -> GranularityAnalysis.analyse(CsvTable.read(csv), new GranularityAnalysis.Filter(10, 0, 0.05)));
        assertEquals(csv + ":3: granule '1k' is not a byte count", e.getMessage());
    }
}
