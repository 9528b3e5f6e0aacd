package org.jmmtk.tools.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jmmtk.bindings.trace.TraceSource;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

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
    public static XYChart heapProfile(TraceSource source, Extent extent, String title, int bands, boolean inverted)
            throws IOException {
        // no more bands than bytes, so that every band has a stretch of its own
        bands = (int) Math.max(1, Math.min(bands, extent.totalBytes()));
        HeapProfile p = new HeapProfile(extent.totalBytes(), bands, SAMPLES);
        source.replay(p);
        p.finish();
        Unit x = Unit.of(extent.totalBytes());
        Unit y = Unit.of(extent.maxLiveBytes());
        XYChart chart = chart(title, "time: bytes allocated (" + x.name + ")",
                "live bytes in the age-ordered heap (" + y.name + "), " + (inverted ? "youngest at the top" : "youngest at the bottom"));
        double[] times = x.scale(p.times());
        // stacked: bottom band first in the sum; the tallest cumulative curve is drawn first, so each
        // lower one paints over it and every band shows its own colour
        double[] sum = new double[times.length];
        List<double[]> tops = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < bands; k++) {
            int band = inverted ? k : bands - 1 - k;
            double[] b = p.bandBytes(band);
            for (int i = 0; i < sum.length; i++) {
                sum[i] += b[i];
            }
            tops.add(y.scale(sum.clone()));
            order.add(band);
        }
        for (int k = bands - 1; k >= 0; k--) {
            int band = order.get(k);
            XYSeries s = chart.addSeries(bandLabel(p, band, x), times, tops.get(k));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
            s.setMarker(SeriesMarkers.NONE);
            Color colour = bandColor(band, bands);
            s.setFillColor(colour);
            s.setLineColor(colour.darker());
            s.setLineStyle(new BasicStroke(1.5f));
        }
        return chart;
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
    public static XYChart demiseMap(TraceSource source, Extent extent, String title, boolean inverted)
            throws IOException {
        DemiseMap m = new DemiseMap(extent.totalBytes(), extent.maxLiveBytes(), MAP_WIDTH, MAP_HEIGHT, !inverted);
        source.replay(m);
        m.finish();
        Unit x = Unit.of(extent.totalBytes());
        Unit y = Unit.of(extent.maxLiveBytes());
        XYChart chart = chart(title, "time of death: bytes allocated (" + x.name + ")",
                "position in the age-ordered heap (" + y.name + "), " + (inverted ? "oldest at the bottom" : "youngest at the bottom"));
        long most = 1;
        for (int c = 0; c < m.width(); c++) {
            for (int r = 0; r < m.height(); r++) {
                most = Math.max(most, m.count(c, r));
            }
        }
        int classes = 64 - Long.numberOfLeadingZeros(most);
        List<List<double[]>> points = new ArrayList<>();
        for (int k = 0; k < classes; k++) {
            points.add(new ArrayList<>());
        }
        for (int c = 0; c < m.width(); c++) {
            for (int r = 0; r < m.height(); r++) {
                long n = m.count(c, r);
                if (n > 0) {
                    points.get(63 - Long.numberOfLeadingZeros(n)).add(new double[] {m.columnTime(c), m.rowPosition(r)});
                }
            }
        }
        chart.getStyler().setMarkerSize(4);
        boolean any = false;
        for (int k = 0; k < classes; k++) {
            List<double[]> cells = points.get(k);
            if (cells.isEmpty()) {
                continue;
            }
            any = true;
            double[] xs = new double[cells.size()];
            double[] ys = new double[cells.size()];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = x.scale(cells.get(i)[0]);
                ys[i] = y.scale(cells.get(i)[1]);
            }
            XYSeries s = chart.addSeries(densityLabel(k), xs, ys);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.SQUARE);
            float grey = classes == 1 ? 0.35f : 0.8f - 0.8f * k / (classes - 1);
            s.setMarkerColor(new Color(grey, grey, grey));
        }
        if (!any) {
            chart.setTitle(title + " (no deaths: is it a perfect trace?)");
            XYSeries s = chart.addSeries("no deaths", new double[] {0, x.scale(extent.totalBytes())},
                    new double[] {0, y.scale(extent.maxLiveBytes())});
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    private static String densityLabel(int k) {
        long low = 1L << k;
        long high = (1L << (k + 1)) - 1;
        return (low == high ? low + "" : low + "-" + high) + (high == 1 ? " death" : " deaths") + " per cell";
    }

    private static XYChart chart(String title, String xLabel, String yLabel) {
        XYChart chart = new XYChartBuilder().width(1000).height(600).title(title).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        Styler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesVisible(false);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisMin(0.0);
        return chart;
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
