package org.jmmtk.tools.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.error.UsageException;

/**
 * The figures jmmtk writes (JFreeChart, headless), saved as PNG and as SVG whose text is text
 * ({@code <text>} elements, through JFreeSVG): line charts with optional confidence bars and
 * out-of-memory marks, speedup charts on log-log axes, step CDFs. Every figure has its axis labels and
 * tick labels outside the plot area, its legend below the plot (never over the data), ticks from
 * {@link Ticks}, and the Okabe-Ito colour-blind-safe palette. Used by the command-line thread only.
 */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
        // rotated labels (the y axis title) through drawString, so that the SVG has them as text too,
        // not as the glyph outlines the workaround's TextLayout draws
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    /** Okabe and Ito's palette (2008) in the order lines take it; distinct under the common colour blindnesses. */
    static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xE69F00),
        new Color(0xCC79A7), new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442)};
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Color GRID = new Color(0xd9d9d9);
    private static final Color STRIP = new Color(0xeeeeee);
    private static final String CI = "95% confidence interval (bootstrap)";
    private static final String OOM = "out of memory (marked at the axis)";

    /** One line of a chart; {@code low}/{@code high}, when not null, a confidence interval per point. */
    public record Series(String name, double[] x, double[] y, double[] low, double[] high, boolean dashed) {
        public Series(String name, double[] x, double[] y, boolean dashed) {
            this(name, x, y, null, null, dashed);
        }

        /** Whether some point has an interval wider than nothing. */
        boolean bounded() {
            if (low == null) {
                return false;
            }
            for (int i = 0; i < low.length; i++) {
                if (high[i] > low[i]) {
                    return true;
                }
            }
            return false;
        }
    }

    /** A cell of {@code series} that ran out of memory at {@code x}: a cross at the bottom of the plot. */
    public record OutOfMemory(String series, double x) {
    }

    /** A chart with the size it is saved at. */
    public record Figure(JFreeChart chart, int width, int height) {
    }

    private Charts() {
    }

    /** A line chart; log axes when asked (both axes must then be positive). */
    public static Figure lines(String title, String xLabel, String yLabel, List<Series> series, boolean logX,
                               boolean logY) {
        return lines(title, xLabel, yLabel, series, List.of(), logX, logY);
    }

    /** A line chart with confidence bars where series have them and out-of-memory cells marked at the x axis. */
    public static Figure lines(String title, String xLabel, String yLabel, List<Series> series,
                               List<OutOfMemory> outOfMemory, boolean logX, boolean logY) {
        Extent x = Extent.of(series, outOfMemory, true);
        Extent y = Extent.of(series, List.of(), false);
        ValueAxis xAxis = logX ? TickedAxes.log(logTitle(xLabel), new double[0], false) : TickedAxes.linear(xLabel);
        double[] xRange = logX ? x.logRange(1.15) : x.linearRange(0.04, false);
        xAxis.setRange(xRange[0], xRange[1]);
        double[] yRange = logY ? y.logRange(1.2) : y.linearRange(0.05, true);
        double mark = Double.NaN;
        double stripTop = yRange[0];
        if (!outOfMemory.isEmpty()) {
            // a strip below the data for the crosses, so that they sit on the axis without hiding a point
            if (logY) {
                mark = yRange[0] / 1.3;
                yRange[0] = mark / 1.3;
            } else {
                double strip = 0.06 * (yRange[1] - yRange[0]);
                mark = yRange[0] - strip / 2;
                yRange[0] -= strip;
            }
        }
        ValueAxis yAxis = logY ? TickedAxes.log(logTitle(yLabel), new double[0], false) : TickedAxes.linear(yLabel);
        yAxis.setRange(yRange[0], yRange[1]);
        XYPlot plot = plot(xAxis, yAxis, series, outOfMemory, mark, false, true);
        if (!outOfMemory.isEmpty()) {
            // the strip shaded, so that its crosses read as "no value" rather than as a value below 0
            IntervalMarker strip = new IntervalMarker(yRange[0], stripTop, STRIP);
            strip.setOutlinePaint(null);
            plot.addRangeMarker(strip, Layer.BACKGROUND);
        }
        return figure(title, plot, 800, 600, RectangleEdge.BOTTOM);
    }

    /**
     * A speedup chart over thread counts on log-log axes: a labelled tick (and grid line) at every
     * thread count in {@code threads} and at powers of two between, round values on the speedup axis,
     * the series with confidence bars where they have them, dashed ones (the ideal) in black.
     */
    public static Figure speedup(String title, String xLabel, String yLabel, List<Series> series, double[] threads) {
        Extent x = Extent.of(series, List.of(), true);
        Extent y = Extent.of(series, List.of(), false);
        ValueAxis xAxis = TickedAxes.log(logTitle(xLabel), threads, true);
        double[] xRange = x.logRange(1.15);
        if (xRange[1] / xRange[0] < 2) {
            xRange[0] /= 1.5;
            xRange[1] *= 1.5;
        }
        xAxis.setRange(xRange[0], xRange[1]);
        // the ideal speedups (1, 2, 4, ... for 1, 2, 4, ... threads) are labelled too
        double[] ideal = new double[threads.length];
        for (int i = 0; i < threads.length; i++) {
            ideal[i] = threads[i] / threads[0];
        }
        ValueAxis yAxis = TickedAxes.log(logTitle(yLabel), ideal, false);
        double[] yRange = y.logRange(1.15);
        yAxis.setRange(yRange[0], yRange[1]);
        return figure(title, plot(xAxis, yAxis, series, List.of(), Double.NaN, false, true), 800, 600,
                RectangleEdge.BOTTOM);
    }

    /**
     * Cumulative distributions over log-2 buckets as step plots on a log x axis, each starting from 0 half
     * a bucket to the left so that even a one-bucket series shows its step; each series has its own
     * colour and marker, dashed ones a dashed line.
     */
    public static Figure cdf(String title, String xLabel, List<Series> series) {
        List<Series> stepped = series.stream().map(s -> {
            double[] x = new double[s.x().length + 1];
            double[] y = new double[x.length];
            x[0] = s.x()[0] / 2;
            System.arraycopy(s.x(), 0, x, 1, s.x().length);
            System.arraycopy(s.y(), 0, y, 1, s.y().length);
            return new Series(s.name(), x, y, s.dashed());
        }).toList();
        Extent x = Extent.of(stepped, List.of(), true);
        ValueAxis xAxis = TickedAxes.log(logTitle(xLabel), new double[0], false);
        double[] xRange = x.logRange(1.3);
        xAxis.setRange(xRange[0], xRange[1]);
        ValueAxis yAxis = TickedAxes.linear("cumulative fraction");
        yAxis.setRange(-0.02, 1.02);
        return figure(title, plot(xAxis, yAxis, stepped, List.of(), Double.NaN, true, false), 800, 600,
                RectangleEdge.BOTTOM);
    }

    /** An axis title that says its scale is logarithmic: "time (ns)" becomes "time (ns, log scale)". */
    static String logTitle(String title) {
        return title.endsWith(")") ? title.substring(0, title.length() - 1) + ", log scale)" : title + " (log scale)";
    }

    /** Data bounds of a chart's series on one axis. */
    private record Extent(double min, double max, double minPositive) {
        static Extent of(List<Series> series, List<OutOfMemory> outOfMemory, boolean x) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            double minPositive = Double.POSITIVE_INFINITY;
            for (Series s : series) {
                for (double[] values : x ? new double[][] {s.x()} : s.bounded()
                        ? new double[][] {s.y(), s.low(), s.high()} : new double[][] {s.y()}) {
                    for (double v : values) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                        if (v > 0) {
                            minPositive = Math.min(minPositive, v);
                        }
                    }
                }
            }
            for (OutOfMemory o : outOfMemory) {
                min = Math.min(min, o.x());
                max = Math.max(max, o.x());
                if (o.x() > 0) {
                    minPositive = Math.min(minPositive, o.x());
                }
            }
            if (min > max) {
                return new Extent(0, 1, 1);
            }
            return new Extent(min, max, minPositive == Double.POSITIVE_INFINITY ? 1 : minPositive);
        }

        /** From the smallest positive value over {@code margin} to the largest times it. */
        double[] logRange(double margin) {
            double lo = minPositive / margin;
            double hi = Math.max(max, minPositive) * margin;
            return new double[] {lo, hi};
        }

        /** The range padded by {@code pad} of its span on each side; from 0 when {@code fromZero} and all are positive. */
        double[] linearRange(double pad, boolean fromZero) {
            double lo = fromZero && min >= 0 ? 0 : min;
            double hi = max;
            if (hi <= lo) {
                hi = lo + Math.max(1, Math.abs(lo));
            }
            double span = hi - lo;
            return new double[] {fromZero && min >= 0 ? 0 : lo - pad * span, hi + pad * span};
        }
    }

    /** An empty white plot with light grid lines and the two axes in jmmtk's fonts. */
    static XYPlot plot(ValueAxis xAxis, ValueAxis yAxis) {
        for (ValueAxis a : new ValueAxis[] {xAxis, yAxis}) {
            a.setLabelFont(LABEL);
            a.setTickLabelFont(TICK);
            a.setTickLabelPaint(Color.BLACK);
            a.setLabelPaint(Color.BLACK);
            a.setAxisLinePaint(Color.DARK_GRAY);
            a.setTickMarkPaint(Color.DARK_GRAY);
            a.setTickMarkOutsideLength(4);
        }
        XYPlot plot = new XYPlot();
        plot.setDomainAxis(xAxis);
        plot.setRangeAxis(yAxis);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlinePaint(Color.DARK_GRAY);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainGridlineStroke(new BasicStroke(0.8f));
        plot.setRangeGridlineStroke(new BasicStroke(0.8f));
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        return plot;
    }

    /**
     * A plot of {@code series}: bounded ones with their bars, the rest as lines (steps when {@code step}),
     * the out-of-memory cells as crosses at {@code mark}; {@code dashedIsReference}: dashed series are
     * black reference lines without markers.
     */
    private static XYPlot plot(ValueAxis xAxis, ValueAxis yAxis, List<Series> series, List<OutOfMemory> outOfMemory,
                               double mark, boolean step, boolean dashedIsReference) {
        XYPlot plot = plot(xAxis, yAxis);
        YIntervalSeriesCollection bounded = new YIntervalSeriesCollection();
        XYErrorRenderer bars = new XYErrorRenderer();
        bars.setDrawXError(false);
        bars.setCapLength(8);
        bars.setErrorStroke(new BasicStroke(1.3f));
        bars.setDefaultLinesVisible(true);
        bars.setDefaultShapesVisible(true);
        XYSeriesCollection plain = new XYSeriesCollection();
        XYLineAndShapeRenderer lines = step ? new XYStepRenderer() : new XYLineAndShapeRenderer(true, true);
        LegendItemCollection legend = new LegendItemCollection();
        Map<String, Integer> colours = new HashMap<>();
        boolean anyBars = false;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            boolean reference = dashedIsReference && s.dashed();
            Color colour = reference ? Color.BLACK : PALETTE[colours.size() % PALETTE.length];
            Shape shape = reference ? null : shape(colours.size());
            if (!reference) {
                colours.put(s.name(), colours.size());
            }
            Stroke stroke = s.dashed()
                    ? new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f)
                    : new BasicStroke(2f);
            XYLineAndShapeRenderer r;
            int index;
            if (s.bounded()) {
                YIntervalSeries ys = new YIntervalSeries(s.name(), false, true);
                for (int k = 0; k < s.x().length; k++) {
                    ys.add(s.x()[k], s.y()[k], s.low()[k], s.high()[k]);
                }
                anyBars = true;
                bounded.addSeries(ys);
                r = bars;
                index = bounded.getSeriesCount() - 1;
            } else {
                XYSeries xy = new XYSeries(s.name(), false, true);
                for (int k = 0; k < s.x().length; k++) {
                    xy.add(s.x()[k], s.y()[k]);
                }
                plain.addSeries(xy);
                r = lines;
                index = plain.getSeriesCount() - 1;
            }
            r.setSeriesPaint(index, colour);
            r.setSeriesStroke(index, stroke);
            r.setSeriesShapesVisible(index, shape != null);
            if (shape != null) {
                r.setSeriesShape(index, shape);
                r.setSeriesShapesFilled(index, true);
            }
            legend.add(item(s.name(), shape, colour, stroke, true));
        }
        int dataset = 0;
        if (bounded.getSeriesCount() > 0) {
            plot.setDataset(dataset, bounded);
            plot.setRenderer(dataset++, bars);
        }
        if (plain.getSeriesCount() > 0) {
            plot.setDataset(dataset, plain);
            plot.setRenderer(dataset++, lines);
            if (step) {
                // a step renderer draws no markers: the same points again, markers only
                XYLineAndShapeRenderer markers = new XYLineAndShapeRenderer(false, true);
                for (int k = 0; k < plain.getSeriesCount(); k++) {
                    markers.setSeriesPaint(k, lines.getSeriesPaint(k));
                    markers.setSeriesShape(k, lines.getSeriesShape(k));
                    markers.setSeriesShapesVisible(k, lines.getSeriesShapesVisible(k));
                }
                plot.setDataset(dataset, plain);
                plot.setRenderer(dataset++, markers);
            }
        }
        if (anyBars) {
            Path2D.Double bar = new Path2D.Double();
            bar.moveTo(-4, -7);
            bar.lineTo(4, -7);
            bar.moveTo(0, -7);
            bar.lineTo(0, 7);
            bar.moveTo(-4, 7);
            bar.lineTo(4, 7);
            legend.add(item(CI, null, Color.DARK_GRAY, new BasicStroke(1.3f), true, bar));
        }
        if (!outOfMemory.isEmpty()) {
            XYSeriesCollection crosses = new XYSeriesCollection();
            XYLineAndShapeRenderer marks = new XYLineAndShapeRenderer(false, true);
            Map<String, XYSeries> bySeries = new LinkedHashMap<>();
            for (OutOfMemory o : outOfMemory) {
                bySeries.computeIfAbsent(o.series(), n -> new XYSeries(n + " (out of memory)", false, true))
                        .add(o.x(), mark);
            }
            for (Map.Entry<String, XYSeries> e : bySeries.entrySet()) {
                crosses.addSeries(e.getValue());
                int k = crosses.getSeriesCount() - 1;
                Integer c = colours.get(e.getKey());
                marks.setSeriesPaint(k, c == null ? Color.BLACK : PALETTE[c % PALETTE.length]);
                marks.setSeriesShape(k, cross(6));
                marks.setSeriesStroke(k, new BasicStroke(2.5f));
            }
            plot.setDataset(dataset, crosses);
            plot.setRenderer(dataset, marks);
            legend.add(item(OOM, cross(6), Color.BLACK, new BasicStroke(2.5f), false));
        }
        plot.setFixedLegendItems(legend);
        return plot;
    }

    private static LegendItem item(String name, Shape shape, Color colour, Stroke stroke, boolean line) {
        return item(name, shape, colour, stroke, line, new Line2D.Double(-12, 0, 12, 0));
    }

    private static LegendItem item(String name, Shape shape, Color colour, Stroke stroke, boolean line, Shape lineShape) {
        Shape s = shape == null ? new Rectangle2D.Double() : shape;
        return new LegendItem(name, null, null, null, shape != null, s, true, colour, false, colour, stroke, line,
                lineShape, stroke, colour);
    }

    /** The marker of the {@code i}-th series: circle, square, diamond, triangles, in turn. */
    private static Shape shape(int i) {
        double r = 4.5;
        return switch (i % 5) {
            case 0 -> new Ellipse2D.Double(-r, -r, 2 * r, 2 * r);
            case 1 -> new Rectangle2D.Double(-r + 0.5, -r + 0.5, 2 * r - 1, 2 * r - 1);
            case 2 -> polygon(0, -r - 1, r + 1, 0, 0, r + 1, -r - 1, 0);
            case 3 -> polygon(0, -r - 0.5, r + 0.5, r, -r - 0.5, r);
            default -> polygon(0, r + 0.5, r + 0.5, -r, -r - 0.5, -r);
        };
    }

    private static Shape polygon(double... xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            p.lineTo(xy[i], xy[i + 1]);
        }
        p.closePath();
        return p;
    }

    /** An X of half-width {@code r}, drawn filled as two thin bars. */
    private static Shape cross(double r) {
        double w = 1.3;
        Path2D.Double p = new Path2D.Double();
        p.append(rotated(r, w, Math.PI / 4), false);
        p.append(rotated(r, w, -Math.PI / 4), false);
        return p;
    }

    private static Shape rotated(double r, double w, double angle) {
        return java.awt.geom.AffineTransform.getRotateInstance(angle)
                .createTransformedShape(new Rectangle2D.Double(-r * 1.3, -w, 2.6 * r, 2 * w));
    }

    /** A titled chart around {@code plot}, white, with its legend at {@code legendEdge} outside the plot. */
    static Figure figure(String title, XYPlot plot, int width, int height, RectangleEdge legendEdge) {
        JFreeChart chart = new JFreeChart(title, TITLE, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.setPadding(new RectangleInsets(8, 8, 8, 16));
        ((TextTitle) chart.getTitle()).setPaint(Color.BLACK);
        LegendTitle legend = new LegendTitle(plot);
        legend.setPosition(legendEdge);
        legend.setItemFont(TICK);
        legend.setBackgroundPaint(Color.WHITE);
        legend.setFrame(new org.jfree.chart.block.BlockBorder(GRID));
        legend.setMargin(new RectangleInsets(8, 4, 0, 4));
        chart.addLegend(legend);
        return new Figure(chart, width, height);
    }

    /** Refuses, as bad usage, a plot file whose name ends in neither {@code .png} nor {@code .svg}. */
    public static void checkFormat(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png") && !name.endsWith(".svg")) {
            throw new UsageException(file + ": the plot's file name must end in .png or .svg");
        }
    }

    /** Writes {@code figure} to {@code file}, a PNG or an SVG as its name ends in {@code .png} or {@code .svg}. */
    public static void saveAs(Figure figure, Path file, Path... inputs) throws IOException {
        checkFormat(file);
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            OutputFile.write(file, out -> ChartUtils.writeChartAsPNG(out, figure.chart(), figure.width(),
                    figure.height()), inputs);
        } else {
            OutputFile.write(file, out -> out.write(svg(figure).getBytes(StandardCharsets.UTF_8)), inputs);
        }
    }

    /** Writes {@code dir/name.png} and {@code dir/name.svg}; returns the two paths. */
    public static List<Path> save(Figure figure, Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(name + ".png");
        Path svg = dir.resolve(name + ".svg");
        saveAs(figure, png);
        saveAs(figure, svg);
        return List.of(png, svg);
    }

    /** The figure as an SVG document; its words are {@code <text>} elements, not outlines. */
    static String svg(Figure figure) {
        SVGGraphics2D g = new SVGGraphics2D(figure.width(), figure.height());
        figure.chart().draw(g, new Rectangle(0, 0, figure.width(), figure.height()));
        return g.getSVGDocument();
    }
}
