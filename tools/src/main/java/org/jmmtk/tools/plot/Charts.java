package org.jmmtk.tools.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jmmtk.tools.OutputFile;
import org.jmmtk.tools.UsageException;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plots jmmtk writes (with XChart, headless): line charts saved as PNG and SVG side by side, or
 * any chart saved as the one format its file name asks for.
 * Used by the command-line thread only.
 */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** One line of a chart. */
    public record Series(String name, double[] x, double[] y, boolean dashed) {
    }

    /** A confidence interval drawn as a vertical bar at {@code x}. */
    public record Interval(double x, double low, double high) {
    }

    private Charts() {
    }

    /** A line chart; log axes when asked (both axes must then be positive). */
    public static XYChart lines(String title, String xLabel, String yLabel, List<Series> series, boolean logX,
                                boolean logY) {
        XYChart chart = new XYChartBuilder().width(800).height(560).title(title).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesVisible(true);
        for (Series s : series) {
            XYSeries xy = chart.addSeries(s.name(), s.x(), s.y());
            xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            if (s.dashed()) {
                reference(xy);
            }
        }
        return chart;
    }

    /**
     * A speedup chart over thread counts on log-log axes with exactly one labelled tick (a grid line)
     * per thread count in {@code ticks}, labels along the bottom, {@code intervals} as bars ("95% CI" once in the legend) and the
     * series as lines with markers (dashed ones in red, without). XChart's own ticks fall on round
     * numbers, not on thread counts, so they are hidden and the thread counts drawn as annotations.
     */
    public static XYChart speedup(String title, String xLabel, String yLabel, List<Series> series,
                                  List<Interval> intervals, double[] ticks) {
        XYChart chart = new XYChartBuilder().width(800).height(560).title(title).xAxisTitle(xLabel + " (log scale)")
                .yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        chart.getStyler().setXAxisTicksVisible(false);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setAnnotationLineColor(new Color(200, 200, 200));
        chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f));
        double[] at = log2(ticks);
        double lo = java.util.Arrays.stream(at).min().orElse(0);
        double hi = java.util.Arrays.stream(at).max().orElse(1);
        chart.getStyler().setXAxisMin(lo - 0.3);
        chart.getStyler().setXAxisMax(hi + 0.3 + (hi == lo ? 1 : 0));
        double bottom = Double.MAX_VALUE;
        for (Series s : series) {
            XYSeries xy = chart.addSeries(s.name(), log2(s.x()), s.y());
            xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            if (s.dashed()) {
                reference(xy);
            }
            for (double y : s.y()) {
                bottom = Math.min(bottom, y);
            }
        }
        for (int i = 0; i < intervals.size(); i++) {
            Interval ci = intervals.get(i);
            double x = log2(new double[] {ci.x()})[0];
            XYSeries bar = chart.addSeries("95% CI" + (i == 0 ? "" : " " + i), new double[] {x, x},
                    new double[] {ci.low(), ci.high()});
            bar.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            bar.setMarker(SeriesMarkers.DIAMOND);
            bar.setLineColor(Color.DARK_GRAY);
            bar.setMarkerColor(Color.DARK_GRAY);
            bar.setShowInLegend(i == 0);
            bottom = Math.min(bottom, ci.low());
        }
        bottom = Math.max(bottom, 1e-3);
        chart.getStyler().setYAxisMin(bottom / 2);
        for (int i = 0; i < ticks.length; i++) {
            chart.addAnnotation(new org.knowm.xchart.AnnotationLine(at[i], true, false));
            chart.addAnnotation(new org.knowm.xchart.AnnotationText(String.valueOf((long) ticks[i]), at[i],
                    bottom / 1.5, false));
        }
        return chart;
    }

    /** A reference line (perfect scaling): red, dashed, no markers. */
    private static void reference(XYSeries xy) {
        xy.setMarker(SeriesMarkers.NONE);
        xy.setLineColor(Color.RED);
        xy.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {6f, 6f}, 0f));
    }

    private static double[] log2(double[] x) {
        double[] l = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            l[i] = Math.log(x[i]) / Math.log(2);
        }
        return l;
    }

    /**
     * Cumulative distributions over log-2 buckets as step plots on a log x axis, each starting from 0 half a
     * bucket to the left so that even a one-bucket series shows its step; each series has its own marker
     * and the legend sits below the plot, so every series (however it overlaps the others) is named.
     */
    public static XYChart cdf(String title, String xLabel, List<Series> series) {
        XYChart chart = new XYChartBuilder().width(800).height(600).title(title).xAxisTitle(xLabel)
                .yAxisTitle("cumulative fraction").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(1.0);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesVisible(true);
        org.knowm.xchart.style.markers.Marker[] markers = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
                SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.CROSS, SeriesMarkers.TRIANGLE_DOWN};
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double[] x = new double[s.x().length + 1];
            double[] y = new double[x.length];
            x[0] = s.x()[0] / 2;
            System.arraycopy(s.x(), 0, x, 1, s.x().length);
            System.arraycopy(s.y(), 0, y, 1, s.y().length);
            XYSeries xy = chart.addSeries(s.name(), x, y);
            xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
            xy.setMarker(markers[i % markers.length]);
            if (s.dashed()) {
                xy.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {6f, 4f}, 0f));
            }
        }
        return chart;
    }

    /** Refuses, as bad usage, a plot file whose name ends in neither {@code .png} nor {@code .svg}. */
    public static void checkFormat(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png") && !name.endsWith(".svg")) {
            throw new UsageException(file + ": the plot's file name must end in .png or .svg");
        }
    }

    /** Writes {@code chart} to {@code file}, a PNG or an SVG as its name ends in {@code .png} or {@code .svg}. */
    public static void saveAs(XYChart chart, Path file, Path... inputs) throws IOException {
        checkFormat(file);
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            OutputFile.write(file, out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG), inputs);
        } else {
            OutputFile.write(file, out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out,
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG), inputs);
        }
    }

    /** Writes {@code dir/name.png} and {@code dir/name.svg}; returns the two paths. */
    public static List<Path> save(XYChart chart, Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(name + ".png");
        Path svg = dir.resolve(name + ".svg");
        OutputFile.write(png, out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
        OutputFile.write(svg, out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out,
                VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
        return List.of(png, svg);
    }
}
