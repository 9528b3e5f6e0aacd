package org.jmmtk.tools.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.tools.OutputFile;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plots jmmtk writes (with XChart, headless): line charts saved as PNG and SVG side by side.
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
                xy.setMarker(SeriesMarkers.NONE);
                xy.setLineColor(Color.RED);
                xy.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {6f, 6f}, 0f));
            }
        }
        return chart;
    }

    /**
     * A speedup chart over thread counts on log-2 axes with exactly one labelled tick per thread count in
     * {@code ticks}, {@code intervals} as bars ("95% CI" once in the legend) and the series as lines with
     * markers (dashed ones in red without).
     */
    public static XYChart speedup(String title, List<Series> series, List<Interval> intervals, double[] ticks) {
        java.util.Set<Double> labelled = new java.util.HashSet<>();
        for (double t : ticks) {
            labelled.add(t);
        }
        XYChart logX = new XYChartBuilder().width(800).height(560).title(title).xAxisTitle("GC threads (log scale)")
                .yAxisTitle("closure speedup").build();
        logX.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        logX.getStyler().setChartBackgroundColor(Color.WHITE);
        logX.getStyler().setPlotGridLinesVisible(true);
        logX.getStyler().setYAxisMin(0.0);
        logX.getStyler().setXAxisTickMarkSpacingHint(30);
        // positions are log2(thread count); only the sweep's thread counts get a label
        logX.setCustomXAxisTickLabelsFormatter(v -> {
            double t = Math.rint(Math.pow(2, v));
            return Math.abs(Math.pow(2, v) - t) < 1e-6 && labelled.contains(t) ? String.valueOf((long) t) : "";
        });
        for (Series s : series) {
            XYSeries xy = logX.addSeries(s.name(), log2(s.x()), s.y());
            xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            if (s.dashed()) {
                xy.setMarker(SeriesMarkers.NONE);
                xy.setLineColor(Color.RED);
                xy.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {6f, 6f}, 0f));
            }
        }
        for (int i = 0; i < intervals.size(); i++) {
            Interval ci = intervals.get(i);
            double x = log2(new double[] {ci.x()})[0];
            XYSeries bar = logX.addSeries("95% CI" + (i == 0 ? "" : " " + i), new double[] {x, x},
                    new double[] {ci.low(), ci.high()});
            bar.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            bar.setMarker(SeriesMarkers.DIAMOND);
            bar.setLineColor(Color.DARK_GRAY);
            bar.setMarkerColor(Color.DARK_GRAY);
            bar.setShowInLegend(i == 0);
        }
        return logX;
    }

    private static double[] log2(double[] x) {
        double[] l = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            l[i] = Math.log(x[i]) / Math.log(2);
        }
        return l;
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
