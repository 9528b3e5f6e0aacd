package org.jmmtk.tools.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.tools.plot.Charts;

/**
 * The sweeps' plot: measured speedup with its 95% confidence intervals as bars, the model's
 * prediction when there is one, and the ideal (linear) speedup, on log-log axes with one tick per
 * thread count: closure speedup over GC threads ({@code sweep}), mutator throughput speedup over
 * mutator threads ({@code sweep --mutator-threads}). Used by the command-line thread.
 */
final class SpeedupPlot {
    private SpeedupPlot() {
    }

    /** The GC-thread sweep's plot: {@code dir/speedup.png} and {@code .svg}. */
    static List<Path> save(ThreadSweep.Result measured, ModelSweep.Result model, int[] threads, Path dir)
            throws IOException {
        List<Charts.Series> series = new ArrayList<>();
        if (measured != null) {
            List<ThreadSweep.Point> points = measured.points();
            double[] x = new double[points.size()];
            Bootstrap.Estimate[] speedups = new Bootstrap.Estimate[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = points.get(i).threads();
                speedups[i] = points.get(i).speedup();
            }
            series.add(measured("measured, " + measured.plan() + ", " + measured.source(), x, speedups));
        }
        if (model != null) {
            double[] predicted = new double[threads.length];
            for (int i = 0; i < threads.length; i++) {
                predicted[i] = model.at(threads[i]).speedup();
            }
            series.add(new Charts.Series("predicted (virtual-time model)", counts(threads), predicted, false));
        }
        return draw("Closure speedup over " + threads[0] + " GC thread" + (threads[0] == 1 ? "" : "s"),
                "GC threads", "closure speedup", series, threads, dir);
    }

    /** The mutator-thread sweep's plot: {@code dir/speedup.png} and {@code .svg}. */
    static List<Path> save(MutatorSweep.Result measured, Path dir) throws IOException {
        List<MutatorSweep.Point> points = measured.points();
        double[] x = new double[points.size()];
        Bootstrap.Estimate[] speedups = new Bootstrap.Estimate[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i).mutatorThreads();
            speedups[i] = points.get(i).speedup();
        }
        List<Charts.Series> series = new ArrayList<>();
        series.add(measured("measured, " + measured.plan() + ", " + measured.source() + ", " + measured.gcThreads()
                + " GC thread" + (measured.gcThreads() == 1 ? "" : "s"), x, speedups));
        int[] counts = measured.counts();
        return draw("Mutator throughput speedup over " + counts[0] + " mutator thread" + (counts[0] == 1 ? "" : "s"),
                "mutator threads", "mutator throughput speedup", series, counts, dir);
    }

    /** The measured series: median speedups with their 95% intervals. */
    private static Charts.Series measured(String name, double[] x, Bootstrap.Estimate[] speedups) {
        double[] y = new double[x.length];
        double[] low = new double[x.length];
        double[] high = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = speedups[i].value();
            low[i] = speedups[i].low();
            high[i] = speedups[i].high();
        }
        return new Charts.Series(name, x, y, low, high, false);
    }

    /** Adds the ideal line over {@code counts} (relative to the first) to {@code series} and writes the chart. */
    private static List<Path> draw(String title, String xLabel, String yLabel, List<Charts.Series> series,
                                   int[] counts, Path dir) throws IOException {
        double[] ideal = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            ideal[i] = (double) counts[i] / counts[0];
        }
        series.add(new Charts.Series("ideal (linear) speedup", counts(counts), ideal, true));
        return Charts.save(Charts.speedup(title, xLabel, yLabel, series, counts(counts)), dir, "speedup");
    }

    private static double[] counts(int[] counts) {
        double[] x = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            x[i] = counts[i];
        }
        return x;
    }
}
