package org.jmmtk.tools.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYAreaRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * The heap visualisations of section 8 of the Merlin paper, drawn from a perfect trace: the heap
 * profile (live bytes of the age-ordered heap in bands by allocation time) and the demise map (where in
 * that heap objects die, darker where more die). Time on the x axis is bytes allocated. Each reads the
 * trace twice: once for the axes, once for the picture. Used by the command-line thread.
 */
public final class HeapPlots {
    /** Time columns of a demise map. */
    static final int MAP_WIDTH = 240;
    /** Heap-position rows of a demise map. */
    static final int MAP_HEIGHT = 150;
    private static final int SAMPLES = 800;

    private HeapPlots() {
    }

    /** What the first pass found: the plot's extent and whether the trace has deaths at all. */
    public record Extent(long totalBytes, long maxLiveBytes, long deaths) {
    }

    /** Reads {@code source} once for its extent. */
    public static Extent extent(TraceSource source) throws IOException {
        TraceSummary s = new TraceSummary();
        source.replay(s);
        return new Extent(s.totalBytes(), s.maxLiveBytes(), s.deathCount());
    }

    /**
     * The heap profile: {@code bands} stacked bands, youngest at the bottom (the paper's Fig. 13) or,
     * {@code inverted}, at the top (Fig. 14).
     */
    public static Charts.Figure heapProfile(TraceSource source, Extent extent, String title, int bands,
                                            boolean inverted) throws IOException {
        // no more bands than bytes, so that every band has a stretch of its own
        bands = (int) Math.max(1, Math.min(bands, extent.totalBytes()));
        HeapProfile p = new HeapProfile(extent.totalBytes(), bands, SAMPLES);
        source.replay(p);
        p.finish();
        Unit x = Unit.of(extent.totalBytes());
        Unit y = Unit.of(extent.maxLiveBytes());
        XYPlot plot = plot("time: bytes allocated (" + x.name + ")", "live bytes in the age-ordered heap (" + y.name
                + "), " + (inverted ? "youngest at the top" : "youngest at the bottom"), x.scale(extent.totalBytes()),
                y.scale(extent.maxLiveBytes()));
        double[] times = x.scale(p.times());
        // stacked: the k-th series is the top of the k-th band from the bottom; drawn in reverse, the
        // tallest first, so each lower one paints over it, and a white edge parts neighbouring bands
        double[] sum = new double[times.length];
        XYSeriesCollection tops = new XYSeriesCollection();
        XYAreaRenderer areas = new XYAreaRenderer(XYAreaRenderer.AREA);
        areas.setOutline(true);
        List<LegendItem> items = new ArrayList<>();
        for (int k = 0; k < bands; k++) {
            int band = inverted ? k : bands - 1 - k;
            double[] b = p.bandBytes(band);
            XYSeries top = new XYSeries(bandLabel(p, band, x), false, true);
            for (int i = 0; i < sum.length; i++) {
                sum[i] += b[i];
                top.add(times[i], y.scale(sum[i]));
            }
            tops.addSeries(top);
            Color colour = bandColor(band, bands);
            areas.setSeriesPaint(k, colour);
            areas.setSeriesOutlinePaint(k, Color.WHITE);
            areas.setSeriesOutlineStroke(k, new BasicStroke(1.2f));
            items.add(0, new LegendItem((String) top.getKey(), null, null, null, new Rectangle2D.Double(-6, -6, 12, 12),
                    colour));
        }
        // the legend reads from the top band down, as the stack does
        LegendItemCollection legend = new LegendItemCollection();
        items.forEach(legend::add);
        plot.setDataset(tops);
        plot.setRenderer(areas);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.REVERSE);
        plot.setFixedLegendItems(legend);
        return Charts.figure(title, plot, 1000, 600, RectangleEdge.RIGHT);
    }

    private static String bandLabel(HeapProfile p, int band, Unit x) {
        // enough decimals that neighbouring bands never read alike
        double width = p.bandStart(1) / x.bytes();
        int decimals = width <= 0 || width >= 10 ? 0 : width >= 1 ? 1 : (int) Math.min(6, Math.ceil(-Math.log10(width)) + 1);
        String end = band + 1 == p.bands() ? "end" : x.format(p.bandStart(band + 1), decimals);
        return String.format(Locale.ROOT, "allocated %s-%s %s", x.format(p.bandStart(band), decimals), end, x.name);
    }

    /** Stops of the viridis palette: oldest purple to youngest yellow, distinct in grey scale too. */
    private static final int[] VIRIDIS = {0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89, 0x35b779,
        0x6ece58, 0xb5de2b, 0xfde725};

    private static Color bandColor(int band, int bands) {
        double f = bands == 1 ? 0 : (double) band / (bands - 1) * (VIRIDIS.length - 1);
        int i = Math.min(VIRIDIS.length - 2, (int) f);
        double t = f - i;
        int a = VIRIDIS[i];
        int b = VIRIDIS[i + 1];
        return new Color(mix(a >> 16, b >> 16, t), mix(a >> 8, b >> 8, t), mix(a, b, t));
    }

    private static int mix(int a, int b, double t) {
        return (int) Math.round((a & 0xff) + t * ((b & 0xff) - (a & 0xff)));
    }

    /**
     * The demise map: one square per cell of time by heap position in which objects died, from light
     * grey (one death) to black (the most), in classes of powers of two.
     */
    public static Charts.Figure demiseMap(TraceSource source, Extent extent, String title, boolean inverted)
            throws IOException {
        DemiseMap m = new DemiseMap(extent.totalBytes(), extent.maxLiveBytes(), MAP_WIDTH, MAP_HEIGHT, !inverted);
        source.replay(m);
        m.finish();
        Unit x = Unit.of(extent.totalBytes());
        Unit y = Unit.of(extent.maxLiveBytes());
        XYPlot plot = plot("time of death: bytes allocated (" + x.name + ")", "position in the age-ordered heap ("
                + y.name + "), " + (inverted ? "oldest at the bottom" : "youngest at the bottom"),
                x.scale(extent.totalBytes()), y.scale(extent.maxLiveBytes()));
        long most = 1;
        for (int c = 0; c < m.width(); c++) {
            for (int r = 0; r < m.height(); r++) {
                most = Math.max(most, m.count(c, r));
            }
        }
        int classes = 64 - Long.numberOfLeadingZeros(most);
        List<XYSeries> points = new ArrayList<>();
        for (int k = 0; k < classes; k++) {
            points.add(new XYSeries(densityLabel(k), false, true));
        }
        for (int c = 0; c < m.width(); c++) {
            for (int r = 0; r < m.height(); r++) {
                long n = m.count(c, r);
                if (n > 0) {
                    points.get(63 - Long.numberOfLeadingZeros(n)).add(x.scale(m.columnTime(c)), y.scale(m.rowPosition(r)));
                }
            }
        }
        XYSeriesCollection cells = new XYSeriesCollection();
        XYLineAndShapeRenderer squares = new XYLineAndShapeRenderer(false, true);
        LegendItemCollection legend = new LegendItemCollection();
        Rectangle2D square = new Rectangle2D.Double(-2, -2, 4, 4);
        for (int k = 0; k < classes; k++) {
            if (points.get(k).isEmpty()) {
                continue;
            }
            cells.addSeries(points.get(k));
            int i = cells.getSeriesCount() - 1;
            float grey = classes == 1 ? 0.35f : 0.8f - 0.8f * k / (classes - 1);
            Color colour = new Color(grey, grey, grey);
            squares.setSeriesPaint(i, colour);
            squares.setSeriesShape(i, square);
            legend.add(new LegendItem(densityLabel(k), null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), colour));
        }
        if (cells.getSeriesCount() == 0) {
            title += " (no deaths: is it a perfect trace?)";
            legend.add(new LegendItem("no deaths", null, null, null, false, square, false, Color.WHITE, false,
                    Color.WHITE, new BasicStroke(), false, new Line2D.Double(), new BasicStroke(), Color.WHITE));
        }
        plot.setDataset(cells);
        plot.setRenderer(squares);
        plot.setFixedLegendItems(legend);
        return Charts.figure(title, plot, 1000, 600, RectangleEdge.RIGHT);
    }

    private static String densityLabel(int k) {
        long low = 1L << k;
        long high = (1L << (k + 1)) - 1;
        return (low == high ? low + "" : low + "-" + high) + (high == 1 ? " death" : " deaths") + " per cell";
    }

    /** A white plot over bytes allocated and heap bytes, from 0 (never below) to the largest of each. */
    private static XYPlot plot(String xLabel, String yLabel, double xMax, double yMax) {
        ValueAxis xAxis = TickedAxes.linear(xLabel);
        ValueAxis yAxis = TickedAxes.linear(yLabel);
        xAxis.setRange(0, xMax > 0 ? xMax : 1);
        yAxis.setRange(0, yMax > 0 ? yMax * 1.02 : 1);
        XYPlot plot = Charts.plot(xAxis, yAxis);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        return plot;
    }

    /** Bytes shown in the unit that keeps the axis numbers short. */
    private record Unit(String name, double bytes) {
        static Unit of(long max) {
            if (max >= 10L << 30) {
                return new Unit("GiB", 1 << 30);
            }
            if (max >= 10L << 20) {
                return new Unit("MiB", 1 << 20);
            }
            if (max >= 10L << 10) {
                return new Unit("KiB", 1 << 10);
            }
            return new Unit("bytes", 1);
        }

        double scale(double value) {
            return value / bytes;
        }

        double[] scale(double[] values) {
            double[] out = new double[values.length];
            for (int i = 0; i < values.length; i++) {
                out[i] = values[i] / bytes;
            }
            return out;
        }

        String format(long value, int decimals) {
            return String.format(Locale.ROOT, "%,." + decimals + "f", value / bytes);
        }
    }
}
