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
