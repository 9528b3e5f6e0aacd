package org.jmmtk.tools.sweep;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.error.RunFailedException;

/**
 * Measures how the mutators scale with mutator threads ({@code sweep --mutator-threads}): runs the
 * same plan on the same program with each mutator-thread count, interleaved within each repeat, and
 * keeps per run the mutator throughput: trace bytes allocated per second of mutator time (the replay's
 * wall time less its pauses). Summarised as the GC-thread sweep is: medians with 95% bootstrap
 * intervals, and the speedup over the first count. Checks that every run ended with the same live set.
 */
public final class MutatorSweep {
    /** One measured run. */
    public record Run(int mutatorThreads, int repeat, double mutatorMs, long bytesAllocated, long records,
                      long dependencyWaits, int gcs) {
        /** Trace megabytes allocated per second of mutator time. */
        public double throughput() {
            return bytesAllocated / 1e3 / mutatorMs;
        }
    }

    /** The summary for one mutator-thread count. */
    public record Point(int mutatorThreads, Bootstrap.Estimate throughput, Bootstrap.Estimate speedup,
                        double waitsPerRecord) {
    }

    /** Everything a sweep measured. */
    public record Result(String plan, String source, long heapBytes, int gcThreads, int[] counts, int repeats,
                         List<Run> runs, List<Point> points, boolean liveSetsIdentical) {
    }

    private MutatorSweep() {
    }

    public static Result run(Plans.Entry plan, IntFunction<Options> options, TraceSource source, int[] counts,
                             int repeats, int warmups, ThreadSweep.Listener listener) throws IOException {
        int total = counts.length * (repeats + warmups);
        int done = 0;
        String firstLive = null;
        boolean identical = true;
        List<Run> runs = new ArrayList<>();
        for (int rep = -warmups; rep < repeats; rep++) {
            for (int n : counts) {
                listener.starting(done++, total, n, rep < 0);
                Options o = options.apply(n);
                RunResult r = Simulation.run(plan, o, source);
                if (r.isOutOfMemory()) {
                    throw new RunFailedException("the sweep's runs must complete, but: " + r.outOfMemory()
                            + " (use a larger --heap)");
                }
                String live = r.finalLiveObjects() + "/" + r.finalLiveBytes();
                if (firstLive == null) {
                    firstLive = live;
                }
                identical &= firstLive.equals(live);
                if (rep >= 0) {
                    long records = r.parallel() == null ? 0 : r.parallel().records();
                    long waits = r.parallel() == null ? 0 : r.parallel().waits();
                    runs.add(new Run(n, rep, (r.wallNanos() - r.pauseTotalNanos()) / 1e6, r.bytesAllocated(),
                            records, waits, r.gcCount()));
                }
            }
        }
        Options first = options.apply(counts[0]);
        return new Result(plan.name(), source.describe(), first.heapBytes(), first.threads(), counts.clone(),
                repeats, runs, summarise(counts, runs), identical);
    }

    private static List<Point> summarise(int[] counts, List<Run> runs) {
        double[] baseline = throughputs(runs, counts[0]);
        List<Point> points = new ArrayList<>();
        for (int n : counts) {
            double[] values = throughputs(runs, n);
            long records = 0;
            long waits = 0;
            for (Run r : runs) {
                if (r.mutatorThreads() == n) {
                    records += r.records();
                    waits += r.dependencyWaits();
                }
            }
            // ratio95 gives baseline/values (a time ratio); throughput speeds up as values/baseline
            Bootstrap.Estimate inverse = Bootstrap.ratio95(values, baseline);
            points.add(new Point(n, Bootstrap.median95(values), inverse,
                    records == 0 ? 0 : (double) waits / records));
        }
        return points;
    }

    private static double[] throughputs(List<Run> runs, int n) {
        return runs.stream().filter(r -> r.mutatorThreads() == n).mapToDouble(Run::throughput).toArray();
    }

    /** The table {@code sweep --mutator-threads} prints. */
    public static void table(Result r, PrintWriter o) {
        o.printf(Locale.ROOT, "mutator sweep: plan %s, %s, heap %s, %d GC thread%s, %d measured run%s per count%n",
                r.plan(), r.source(), Options.formatBytes(r.heapBytes()), r.gcThreads(), r.gcThreads() == 1 ? "" : "s",
                r.repeats(), r.repeats() == 1 ? "" : "s");
        o.printf(Locale.ROOT, "%8s  %-30s  %-22s  %12s%n", "mutators", "MB/s of mutator time [95% CI]",
                "speedup [95% CI]", "waits/record");
        for (Point p : r.points()) {
            o.printf(Locale.ROOT, "%8d  %-30s  %-22s  %12.4f%n", p.mutatorThreads(), interval(p.throughput()),
                    interval(p.speedup()), p.waitsPerRecord());
        }
        if (!r.liveSetsIdentical()) {
            o.println("WARNING: the runs did not all end with the same live set");
        }
        o.flush();
    }

    private static String interval(Bootstrap.Estimate e) {
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", e.value(), e.low(), e.high());
    }

    /** The same as one JSON object, with the machine's {@code load} when it was measured. */
    public static void json(Result r, MachineLoad load, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("plan", r.plan());
        g.writeStringField("source", r.source());
        g.writeNumberField("heapBytes", r.heapBytes());
        g.writeNumberField("gcThreads", r.gcThreads());
        g.writeNumberField("repeats", r.repeats());
        g.writeBooleanField("liveSetsIdentical", r.liveSetsIdentical());
        load.json(g);
        g.writeArrayFieldStart("points");
        for (Point p : r.points()) {
            g.writeStartObject();
            g.writeNumberField("mutatorThreads", p.mutatorThreads());
            g.writeNumberField("throughputMBps", p.throughput().value());
            g.writeNumberField("throughputLow", p.throughput().low());
            g.writeNumberField("throughputHigh", p.throughput().high());
            g.writeNumberField("speedup", p.speedup().value());
            g.writeNumberField("speedupLow", p.speedup().low());
            g.writeNumberField("speedupHigh", p.speedup().high());
            g.writeNumberField("waitsPerRecord", p.waitsPerRecord());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("runs");
        for (Run run : r.runs()) {
            g.writeStartObject();
            g.writeNumberField("mutatorThreads", run.mutatorThreads());
            g.writeNumberField("repeat", run.repeat());
            g.writeNumberField("mutatorMs", run.mutatorMs());
            g.writeNumberField("bytesAllocated", run.bytesAllocated());
            g.writeNumberField("throughputMBps", run.throughput());
            g.writeNumberField("dependencyWaits", run.dependencyWaits());
            g.writeNumberField("gcCount", run.gcs());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
