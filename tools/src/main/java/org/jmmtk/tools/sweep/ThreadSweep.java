package org.jmmtk.tools.sweep;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.error.RunFailedException;

/**
 * Measures how the closure phase scales with GC threads (the MPLR'23 paper's Figure 4): runs the same
 * plan on the same program once per thread count to warm up, then {@code repeats} times each, and keeps
 * per run the median closure time per collection (first Closure packet to the next bucket opening)
 * and the total pause. Thread counts are interleaved within each repeat so that drift in the machine's
 * speed affects them alike. Checks on the way that every run made the same collections.
 */
public final class ThreadSweep {
    /** One measured run. */
    public record Run(int threads, int repeat, int gcs, double closureMedianMs, double closureTotalMs,
                      double pauseTotalMs, double pauseMedianMs) {
    }

    /** The summary for one thread count. */
    public record Point(int threads, Bootstrap.Estimate closureMs, Bootstrap.Estimate speedup, double efficiency,
                        double pauseMedianMs) {
    }

    /** Everything a sweep measured. */
    public record Result(String plan, String source, long heapBytes, int[] threads, int repeats, List<Run> runs,
                         List<Point> points, boolean logicalResultsIdentical) {
    }

    /** Told before each run, for progress. */
    @FunctionalInterface
    public interface Listener {
        void starting(int done, int total, int threads, boolean warmup);
    }

    private ThreadSweep() {
    }

    public static Result run(Plans.Entry plan, IntFunction<Options> options, TraceSource source, int[] threads,
                             int repeats, int warmups, Listener listener) throws IOException {
        Sweeper sweeper = new Sweeper(plan, options, source, threads.length * (repeats + warmups), listener);
        for (int w = 0; w < warmups; w++) {
            for (int t : threads) {
                sweeper.run(t, true);
            }
        }
        List<Run> runs = new ArrayList<>();
        for (int rep = 0; rep < repeats; rep++) {
            for (int t : threads) {
                runs.add(measure(t, rep, sweeper.run(t, false)));
            }
        }
        return new Result(plan.name(), source.describe(), options.apply(threads[0]).heapBytes(), threads.clone(),
                repeats, runs, summarise(threads, runs), sweeper.identical);
    }

    /** Runs the simulations one after the other and compares their logical results. */
    private static final class Sweeper {
        private final Plans.Entry plan;
        private final IntFunction<Options> options;
        private final TraceSource source;
        private final int total;
        private final Listener listener;
        private int done;
        private String firstLogical;
        private boolean identical = true;

        Sweeper(Plans.Entry plan, IntFunction<Options> options, TraceSource source, int total, Listener listener) {
            this.plan = plan;
            this.options = options;
            this.source = source;
            this.total = total;
            this.listener = listener;
        }

        RunResult run(int threads, boolean warmup) throws IOException {
            listener.starting(done++, total, threads, warmup);
            RunResult r = Simulation.run(plan, options.apply(threads), source);
            requireCompleted(r);
            String logical = logical(r);
            if (firstLogical == null) {
                firstLogical = logical;
            }
            identical &= firstLogical.equals(logical);
            return r;
        }
    }

    private static void requireCompleted(RunResult r) {
        if (r.isOutOfMemory()) {
            throw new RunFailedException("the sweep's runs must complete, but: " + r.outOfMemory()
                    + " (use a larger --heap)");
        }
        if (r.gcCount() == 0) {
            throw new IllegalArgumentException("the program never collected with this heap: nothing to measure "
                    + "(use a smaller --heap)");
        }
    }

    private static String logical(RunResult r) {
        StringBuilder sb = new StringBuilder().append(r.gcCount()).append(':').append(r.finalLiveBytes());
        for (GcRecord g : r.collections()) {
            sb.append(' ').append(g.bytesCopied()).append('/').append(g.bytesMarked()).append('/').append(g.edgesTraced());
        }
        return sb.toString();
    }

    private static Run measure(int threads, int repeat, RunResult r) {
        List<GcRecord> gcs = r.collections();
        double[] closure = new double[gcs.size()];
        double[] pause = new double[gcs.size()];
        double closureTotal = 0;
        double pauseTotal = 0;
        for (int i = 0; i < closure.length; i++) {
            closure[i] = gcs.get(i).closureNanos() / 1e6;
            pause[i] = gcs.get(i).pauseNanos() / 1e6;
            closureTotal += closure[i];
            pauseTotal += pause[i];
        }
        return new Run(threads, repeat, gcs.size(), Bootstrap.median(closure), closureTotal, pauseTotal,
                Bootstrap.median(pause));
    }

    private static List<Point> summarise(int[] threads, List<Run> runs) {
        double[] baseline = closureMedians(runs, threads[0]);
        List<Point> points = new ArrayList<>();
        for (int t : threads) {
            double[] closure = closureMedians(runs, t);
            Bootstrap.Estimate speedup = Bootstrap.ratio95(baseline, closure);
            double pauses = Bootstrap.median(runs.stream().filter(r -> r.threads() == t)
                    .mapToDouble(Run::pauseMedianMs).toArray());
            points.add(new Point(t, Bootstrap.median95(closure), speedup,
                    speedup.value() * threads[0] / t, pauses));
        }
        return points;
    }

    private static double[] closureMedians(List<Run> runs, int threads) {
        return runs.stream().filter(r -> r.threads() == threads).mapToDouble(Run::closureMedianMs).toArray();
    }
}
