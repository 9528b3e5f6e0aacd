package org.jmmtk.tools;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.plot.Charts;
import org.jmmtk.tools.sweep.Bootstrap;
import org.jmmtk.tools.sweep.ThreadSweep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jmmtk sweep}: closure scalability against GC thread count (the MPLR'23 paper's Figure 4). */
@Command(name = "sweep", sortOptions = false,
        description = {"Measure how the closure phase scales with GC threads: each thread count runs once to "
                + "warm up, then --repeat times; reports the median closure time per GC, the speedup over the "
                + "first thread count and the efficiency, with 95%% bootstrap confidence intervals."})
final class SweepCommand implements Callable<Integer> {
    @Mixin
    CollectorOptions collector;

    @Mixin
    SourceOptions source;

    @Mixin
    HeapFactorOption heapFactor;

    @Option(names = "--threads", paramLabel = "N,N,...", defaultValue = "1,2,4",
            description = "GC thread counts to measure (default: ${DEFAULT-VALUE}); speedups are over the first.")
    String threadList;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "5", description = "Measured runs per thread count (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1", description = "Unmeasured runs per thread count first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Mixin
    OutputDirectory out;

    @Option(names = "--json", description = "Print the result as one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1 || warmup < 0) {
            throw new UsageException("--repeat must be at least 1 and --warmup at least 0");
        }
        int[] threads = threadCounts(threadList);
        for (int t : threads) {
            new Options().threads(t);
        }
        Plans.Entry plan = collector.planEntry();
        TraceSource src = source.open();
        out.check();
        collector.options(threads[0]);
        HeapFactorOption.Heap heap = heapFactor.heap(source, src);
        IntFunction<Options> options = heap == null ? collector::options
                : t -> collector.options(t).heapBytes(heap.bytes());
        AtomicInteger done = new AtomicInteger();
        int total = threads.length * (repeat + warmup);
        ThreadSweep.Result result;
        try (Progress progress = Progress.start("sweep", () -> (double) done.get() / total)) {
            result = ThreadSweep.run(plan, options, src, threads, repeat, warmup, (d, n, t, warm) -> {
                done.set(d);
                progress.label(String.format(Locale.ROOT, "sweep: %d thread%s%s", t, t == 1 ? "" : "s",
                        warm ? " (warm-up)" : ""));
            });
        }
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            json(result, o);
        } else {
            table(result, o);
        }
        if (out.dir() != null) {
            write(result, out.dir(), o, !json);
        }
        return ExitCodes.OK;
    }

    /** "1,2,4" as numbers; an empty element (",", "1,,2", "2,") or a non-number is bad usage. */
    static int[] threadCounts(String list) {
        String[] parts = list.split(",", -1);
        int[] counts = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                counts[i] = Integer.parseInt(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new UsageException("--threads takes thread counts separated by commas, e.g. 1,2,4; not "
                        + Quote.of(list));
            }
        }
        return counts;
    }

    private static void table(ThreadSweep.Result r, PrintWriter o) {
        o.printf(Locale.ROOT, "sweep: plan %s, %s, heap %s, %d measured run%s per thread count%n", r.plan(), r.source(),
                Options.formatBytes(r.heapBytes()), r.repeats(), r.repeats() == 1 ? "" : "s");
        o.printf(Locale.ROOT, "%7s  %-28s  %-22s  %10s  %12s%n", "threads", "closure ms/GC [95% CI]",
                "speedup [95% CI]", "efficiency", "pause ms/GC");
        for (ThreadSweep.Point p : r.points()) {
            o.printf(Locale.ROOT, "%7d  %-28s  %-22s  %9.0f%%  %12.2f%n", p.threads(), interval(p.closureMs(), 2),
                    interval(p.speedup(), 2), 100 * p.efficiency(), p.pauseMedianMs());
        }
        o.printf("logical results identical across thread counts: %s%n", r.logicalResultsIdentical() ? "yes" : "NO");
        o.flush();
    }

    private static String interval(Bootstrap.Estimate e, int decimals) {
        String f = "%." + decimals + "f";
        return String.format(Locale.ROOT, f + " [" + f + ", " + f + "]", e.value(), e.low(), e.high());
    }

    private static void json(ThreadSweep.Result r, PrintWriter o) throws IOException {
        try (JsonGenerator g = Json.pretty(o)) {
            g.writeStartObject();
            g.writeStringField("plan", r.plan());
            g.writeStringField("source", r.source());
            g.writeNumberField("heapBytes", r.heapBytes());
            g.writeNumberField("repeats", r.repeats());
            g.writeBooleanField("logicalResultsIdentical", r.logicalResultsIdentical());
            g.writeArrayFieldStart("points");
            for (ThreadSweep.Point p : r.points()) {
                g.writeStartObject();
                g.writeNumberField("threads", p.threads());
                estimate(g, "closureMs", p.closureMs());
                estimate(g, "speedup", p.speedup());
                g.writeNumberField("efficiency", p.efficiency());
                g.writeNumberField("pauseMedianMs", p.pauseMedianMs());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("runs");
            for (ThreadSweep.Run run : r.runs()) {
                g.writeStartObject();
                g.writeNumberField("threads", run.threads());
                g.writeNumberField("repeat", run.repeat());
                g.writeNumberField("gcs", run.gcs());
                g.writeNumberField("closureMedianMs", run.closureMedianMs());
                g.writeNumberField("closureTotalMs", run.closureTotalMs());
                g.writeNumberField("pauseTotalMs", run.pauseTotalMs());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        o.println();
        o.flush();
    }

    private static void estimate(JsonGenerator g, String name, Bootstrap.Estimate e) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeNumberField("value", e.value());
        g.writeNumberField("ciLow", e.low());
        g.writeNumberField("ciHigh", e.high());
        g.writeEndObject();
    }

    private static void write(ThreadSweep.Result r, Path dir, PrintWriter o, boolean tell) throws IOException {
        try (Csv csv = new Csv(dir.resolve("runs.csv"), "threads", "repeat", "gcs", "closure_median_ms",
                "closure_total_ms", "pause_total_ms", "pause_median_ms")) {
            for (ThreadSweep.Run run : r.runs()) {
                csv.row(run.threads(), run.repeat(), run.gcs(), run.closureMedianMs(), run.closureTotalMs(),
                        run.pauseTotalMs(), run.pauseMedianMs());
            }
        }
        try (Csv csv = new Csv(dir.resolve("summary.csv"), "threads", "closure_ms", "closure_ci_low",
                "closure_ci_high", "speedup", "speedup_ci_low", "speedup_ci_high", "efficiency")) {
            for (ThreadSweep.Point p : r.points()) {
                csv.row(p.threads(), p.closureMs().value(), p.closureMs().low(), p.closureMs().high(),
                        p.speedup().value(), p.speedup().low(), p.speedup().high(), p.efficiency());
            }
        }
        List<ThreadSweep.Point> points = r.points();
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        double[] perfect = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i).threads();
            y[i] = points.get(i).speedup().value();
            perfect[i] = x[i] / x[0];
        }
        List<Charts.Series> series = new ArrayList<>();
        series.add(new Charts.Series(r.plan() + ", " + r.source(), x, y, false));
        series.add(new Charts.Series("perfect scaling", x, perfect, true));
        List<Path> files = Charts.save(Charts.lines("Closure speedup", "GC threads", "closure speedup", series, true,
                true), dir, "speedup");
        if (tell) {
            o.printf("wrote %s, %s, %s and %s%n", dir.resolve("runs.csv"), dir.resolve("summary.csv"), files.get(0),
                    files.get(1));
            o.flush();
        }
    }
}
