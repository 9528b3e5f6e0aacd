package org.jmmtk.tools.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.LegendItemEntity;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/**
 * The figures' common parts: log-axis ticks at the required values and round ones between, labels
 * without exponents, SVG whose words are text, the out-of-memory crosses at the axis with their legend
 * entry, and legends that lie outside the data area.
 */
class ChartsTest {
    @Test
    void threadTicksAreEveryCountAndPowersOfTwoBetween() {
        assertArrayEquals(new double[] {1, 2, 4, 8}, Ticks.log(0.85, 9.5, new double[] {1, 2, 4, 8}, true));
        assertArrayEquals(new double[] {1, 2, 3, 4, 6, 8, 12},
                Ticks.log(0.85, 14, new double[] {1, 3, 6, 12}, true));
        assertArrayEquals(new double[] {1, 2, 4, 8, 16, 32, 64},
                Ticks.log(0.85, 70, new double[] {1, 2, 8, 16, 64}, true));
    }

    @Test
    void speedupTicksLetTwoAndFourBeReadOff() {
        double[] t = Ticks.log(0.8, 4.5, new double[] {1, 2, 4}, false);
        for (double want : new double[] {1, 1.5, 2, 3, 4}) {
            assertTrue(Arrays.stream(t).anyMatch(v -> v == want), want + " in " + Arrays.toString(t));
        }
    }

    @Test
    void labelsArePlainOrSiButNeverExponents() {
        assertArrayEquals(new String[] {"1", "10", "100", "1000"}, Ticks.labels(new double[] {1, 10, 100, 1000}));
        assertArrayEquals(new String[] {"100", "1k", "10k", "100k", "1M"},
                Ticks.labels(new double[] {100, 1000, 1e4, 1e5, 1e6}));
        assertArrayEquals(new String[] {"0.3", "0.5", "1.5", "2.5M"}, Ticks.labels(new double[] {0.3, 0.5, 1.5, 2.5e6}));
        assertArrayEquals(new String[] {"0", "0.2", "0.4", "0.6", "0.8", "1"}, Ticks.labels(Ticks.linear(0, 1)));
    }

    @Test
    void randomRangesGetSortedTicksInsideWithExponentFreeLabels() {
        SplittableRandom random = new SplittableRandom(36);
        for (int i = 0; i < 2000; i++) {
            double lo = Math.pow(10, random.nextDouble(-6, 12));
            double hi = lo * Math.pow(10, random.nextDouble(0.01, 14));
            boolean log = random.nextBoolean();
            double[] t = log ? Ticks.log(lo, hi, new double[] {lo * 1.5}, random.nextBoolean()) : Ticks.linear(lo, hi);
            String where = lo + ".." + hi + " " + Arrays.toString(t);
            assertTrue(t.length >= 1, where);
            assertTrue(t.length <= Ticks.MOST + 2 || !log && t.length <= 13, where);
            for (int k = 0; k < t.length; k++) {
                assertTrue(t[k] >= lo * (1 - 1e-9) && t[k] <= hi * (1 + 1e-9), where);
                assertTrue(k == 0 || t[k] > t[k - 1], where);
            }
            for (String label : Ticks.labels(t)) {
                assertFalse(label.matches(".*\\d[eE].*") || label.isEmpty(), label + " in " + where);
            }
        }
    }

    @Test
    void speedupSvgHasItsTitlesAndATickAtEveryThreadCountAsText() throws Exception {
        double[] threads = {1, 2, 4, 8};
        List<Charts.Series> series = List.of(
                new Charts.Series("measured", threads, new double[] {1, 1.96, 3.73, 5.1},
                        new double[] {1, 1.8, 3.1, 4.2}, new double[] {1, 2.1, 4.0, 6.0}, false),
                new Charts.Series("ideal (linear) speedup", threads, new double[] {1, 2, 4, 8}, true));
        Charts.Figure f = Charts.speedup("Closure speedup", "GC threads", "closure speedup", series, threads);
        SvgText.parse(Charts.svg(f)).has("Closure speedup", "GC threads (log scale)", "closure speedup (log scale)",
                "measured", "ideal (linear) speedup", "95% confidence interval (bootstrap)", "1", "2", "4", "8", "1.5", "3");
        assertLegendOutsideTheData(f);
    }

    @Test
    void outOfMemoryCellsAreCrossesAtTheAxisWithALegendEntry() throws Exception {
        List<Charts.Series> series = List.of(
                new Charts.Series("semispace", new double[] {2, 3}, new double[] {40, 20}, new double[] {35, 18},
                        new double[] {44, 25}, false),
                new Charts.Series("gencopy", new double[0], new double[0], false));
        List<Charts.OutOfMemory> oom = List.of(new Charts.OutOfMemory("semispace", 1.5),
                new Charts.OutOfMemory("gencopy", 1.5), new Charts.OutOfMemory("gencopy", 2));
        for (boolean logY : new boolean[] {false, true}) {
            Charts.Figure f = Charts.lines("GC time", "heap factor", "GC time (ms)", series, oom, false, logY);
            SvgText.parse(Charts.svg(f)).has("heap factor", logY ? "GC time (ms, log scale)" : "GC time (ms)",
                    "semispace", "gencopy",
                    "out of memory (marked at the axis)", "95% confidence interval (bootstrap)");
            XYPlot plot = f.chart().getXYPlot();
            double bottom = plot.getRangeAxis().getLowerBound();
            List<Double> marks = new ArrayList<>();
            for (int d = 0; d < plot.getDatasetCount(); d++) {
                XYDataset ds = plot.getDataset(d);
                for (int s = 0; ds != null && s < ds.getSeriesCount(); s++) {
                    if (ds.getSeriesKey(s).toString().endsWith("(out of memory)")) {
                        for (int i = 0; i < ds.getItemCount(s); i++) {
                            marks.add(ds.getYValue(s, i));
                        }
                    }
                }
            }
            assertEquals(3, marks.size(), "one cross per cell");
            for (double y : marks) {
                assertTrue(y > bottom && y < 18, "cross at " + y + ": between the axis (" + bottom + ") and the data");
            }
            // every cross is drawn inside the data area (none clipped away)
            ChartRenderingInfo info = new ChartRenderingInfo();
            f.chart().createBufferedImage(f.width(), f.height(), info);
            Rectangle2D data = info.getPlotInfo().getDataArea();
            int drawn = 0;
            for (Object o : info.getEntityCollection().getEntities()) {
                if (o instanceof XYItemEntity e && e.getDataset().getSeriesKey(e.getSeriesIndex()).toString()
                        .endsWith("(out of memory)")) {
                    assertTrue(data.contains(e.getArea().getBounds2D().getCenterX(), e.getArea().getBounds2D().getCenterY()));
                    drawn++;
                }
            }
            assertEquals(3, drawn);
            assertLegendOutsideTheData(f);
        }
    }

    @Test
    void cdfLegendIsBelowThePlot() throws Exception {
        List<Charts.Series> series = List.of(
                new Charts.Series("all packets, fraction of packets", new double[] {1, 2, 4, 4096},
                        new double[] {0.1, 0.5, 0.9, 1}, false),
                new Charts.Series("all packets, fraction of edges", new double[] {1, 2, 4, 4096},
                        new double[] {0.01, 0.02, 0.1, 1}, true));
        Charts.Figure f = Charts.cdf("ProcessEdges packet sizes", "packet size (edges)", series);
        SvgText.parse(Charts.svg(f)).has("packet size (edges, log scale)", "cumulative fraction", "0", "1", "10",
                "100", "1000", "all packets, fraction of edges");
        assertLegendOutsideTheData(f);
    }

    /** Draws {@code f} and checks that no legend item overlaps the data area. */
    static void assertLegendOutsideTheData(Charts.Figure f) {
        ChartRenderingInfo info = new ChartRenderingInfo();
        f.chart().createBufferedImage(f.width(), f.height(), info);
        Rectangle2D data = info.getPlotInfo().getDataArea();
        int items = 0;
        for (Object o : info.getEntityCollection().getEntities()) {
            if (o instanceof LegendItemEntity e) {
                assertFalse(((ChartEntity) e).getArea().intersects(data), "legend item over the data: " + e);
                items++;
            }
        }
        assertTrue(items > 0, "no legend drawn");
    }
}
