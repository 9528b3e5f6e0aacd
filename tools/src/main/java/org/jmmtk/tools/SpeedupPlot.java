package org.jmmtk.tools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.tools.plot.Charts;
import org.jmmtk.tools.sweep.ModelSweep;
import org.jmmtk.tools.sweep.ThreadSweep;

/**
 * The sweep's plot: measured closure speedup with its 95% confidence intervals as bars, the model's
 * prediction when there is one, and the ideal (linear) speedup, with one tick per thread count. Used by
 * the command-line thread.
 */
final class SpeedupPlot {
    private SpeedupPlot() {
    }

    static List<Path> save(ThreadSweep.Result measured, ModelSweep.Result model, int[] threads, Path dir)
            throws IOException {
        List<Charts.Series> series = new ArrayList<>();
        List<Charts.Interval> intervals = new ArrayList<>();
        if (measured != null) {
            List<ThreadSweep.Point> points = measured.points();
            double[] x = new double[points.size()];
            double[] y = new double[points.size()];
            for (int i = 0; i < x.length; i++) {
                ThreadSweep.Point p = points.get(i);
                x[i] = p.threads();
                y[i] = p.speedup().value();
                intervals.add(new Charts.Interval(x[i], p.speedup().low(), p.speedup().high()));
            }
            series.add(new Charts.Series("measured, " + measured.plan() + ", " + measured.source(), x, y, false));
        }
        double[] all = new double[threads.length];
        double[] ideal = new double[threads.length];
        double[] predicted = new double[threads.length];
        for (int i = 0; i < threads.length; i++) {
            all[i] = threads[i];
            ideal[i] = (double) threads[i] / threads[0];
            predicted[i] = model == null ? 0 : model.at(threads[i]).speedup();
        }
        if (model != null) {
            series.add(new Charts.Series("predicted (virtual-time model)", all, predicted, false));
        }
        series.add(new Charts.Series("ideal (linear) speedup", all, ideal, true));
        return Charts.save(Charts.speedup("Closure speedup over " + threads[0] + " GC thread"
                + (threads[0] == 1 ? "" : "s"), series, intervals, all), dir, "speedup");
    }
}
