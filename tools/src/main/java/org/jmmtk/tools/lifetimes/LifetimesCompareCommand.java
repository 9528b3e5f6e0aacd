package org.jmmtk.tools.lifetimes;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.RunFailedException;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.SampleRate;
import org.jmmtk.tools.option.ThreadsOption;
import org.jmmtk.tools.output.Json;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.Progress;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.Map;
import org.jmmtk.bindings.lifetimes.KeepAlive;
import org.jmmtk.bindings.lifetimes.SampledComparison;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.plot.Charts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk lifetimes compare}: finalization-sampled lifetimes (FiLiP) against Merlin's exact ones
 * on one trace and plan, at each sampling rate asked for (docs/filip.md): per type and overall, the
 * observation delay (mean, median, p95), the fraction of deaths observed, the Kolmogorov-Smirnov
 * distance between the lifetime distributions, and the GC work the profiler's ephemerons added.
 */
@Command(name = "compare", sortOptions = false,
        description = "Compare finalization-sampled lifetimes (FiLiP) with Merlin's exact ones, per sampling rate.")
final class LifetimesCompareCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN", description = "A jmmtk trace (text or binary, .gz or not).")
    Path input;

    @Option(names = "--samples", paramLabel = "1/N,...", split = ",", defaultValue = "1/1,1/2,1/100,1/1000",
            description = "Sampling rates (default: ${DEFAULT-VALUE}).")
    List<String> samples;

    @Option(names = "--json", description = "Print the report as one JSON object (fields: docs/filip.md).")
    boolean json;

    @Option(names = "--plot", paramLabel = "FILE",
            description = "Also plot the exact and observed lifetime CDFs (.png or .svg).")
    Path plot;

    @Option(names = "--intervene", paramLabel = "keep:TYPE[,TYPE...]",
            description = "FiLiP's intervention: also compare on a copy of the trace in which objects of these types "
                    + "(names or ids) stay reachable from allocation to the end, and report the change in mean "
                    + "lifetime per rate and type.")
    String intervene;

    @Option(names = "--pretenure", description = "Also run each rate with the profiler's ephemerons pretenured (straight "
            + "into the mature space of a generational plan) and report the overhead of both (FiLiP's pretenuring table).")
    boolean pretenure;

    @Mixin
    CollectorOptions collector;

    @Mixin
    HeapFactorOption heapFactor;

    @Mixin
    ThreadsOption threads;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        int[] rates = new int[samples.size()];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = SampleRate.parse("--samples", samples.get(i));
        }
        if (plot != null) {
            Charts.checkFormat(plot);
            OutputFile.check(plot, input);
        }
        TraceSource src = TraceFormat.open(input);
        Plans.Entry plan = collector.planEntry();
        Options options = collector.options(threads.threads);
        HeapFactorOption.Heap heap = heapFactor.heap(input, src);
        if (heap != null) {
            options.heapBytes(heap.bytes());
        }
        IntSet kept = intervene == null ? null : keptTypes(src);
        SampledComparison.Report report;
        SampledComparison.Report intervened = null;
        try (Progress progress = Progress.start("comparing on " + plan.name(), src::progress)) {
            report = checked(SampledComparison.compare(plan, options, src, rates, pretenure), "");
            if (kept != null) {
                intervened = checked(SampledComparison.compare(plan, options,
                        KeepAlive.of(src, kept), rates, false), "with the intervention, ");
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            json(report, intervened, out);
        } else {
            table(report, out);
            if (pretenure) {
                overheadTable(report, out);
            }
            if (intervened != null) {
                interventionTable(report, intervened, out);
            }
        }
        out.flush();
        if (plot != null) {
            Charts.saveAs(chart(report), plot, input);
        }
        return ExitCodes.OK;
    }

    private static SampledComparison.Report checked(SampledComparison.Report report, String when) {
        if (report.exactRun().isOutOfMemory()) {
            throw new RunFailedException(when + report.exactRun().outOfMemory() + " (give a larger --heap)");
        }
        for (SampledComparison.Rate r : report.rates()) {
            for (RunResult run : new RunResult[] {r.run(), r.pretenuredRun()}) {
                if (run != null && run.isOutOfMemory()) {
                    throw new RunFailedException(when + "at 1/" + r.oneIn() + ", with the profiler's ephemerons"
                            + (run == r.pretenuredRun() ? " pretenured: " : ": ") + run.outOfMemory() + " (give a larger --heap)");
                }
            }
        }
        return report;
    }

    /** The type ids {@code --intervene keep:...} names: type names of the trace's T records, or ids. */
    private IntSet keptTypes(TraceSource src) throws IOException {
        if (!intervene.startsWith("keep:") || intervene.length() == 5) {
            throw new UsageException("--intervene: " + Quote.of(intervene) + " is not keep:TYPE[,TYPE...]");
        }
        Map<Integer, String> names = SampledComparison.typeNames(src);
        IntSet ids = new IntOpenHashSet();
        for (String t : intervene.substring(5).split(",", -1)) {
            int id = names.entrySet().stream().filter(e -> e.getValue().equals(t)).mapToInt(Map.Entry::getKey)
                    .findFirst().orElse(-1);
            if (id < 0 && t.matches("[0-9]{1,8}") && names.containsKey(Integer.parseInt(t))) {
                id = Integer.parseInt(t);
            }
            if (id < 0) {
                throw new UsageException("--intervene: the trace has no type " + Quote.of(t) + "; its types: "
                        + names.values());
            }
            ids.add(id);
        }
        return ids;
    }

    /** The change of {@code after} against {@code before}, in percent of {@code before}. */
    private static double change(double before, double after) {
        return before == 0 ? Double.NaN : 100 * (after - before) / before;
    }

    private void interventionTable(SampledComparison.Report base, SampledComparison.Report act, PrintWriter out) {
        out.printf("intervention %s: mean lifetime (allocations), baseline -> intervened%n", intervene);
        out.printf(Locale.ROOT, "  %-7s %-14s %12s %12s %9s %12s %12s %9s%n", "sample", "type", "exact", "exact act",
                "change", "observed", "obs act", "change");
        for (int i = 0; i < base.rates().size(); i++) {
            SampledComparison.Rate b = base.rates().get(i);
            SampledComparison.Rate a = act.rates().get(i);
            for (int t = -1; t < b.types().size(); t++) {
                SampledComparison.Stats sb = t < 0 ? b.overall() : b.types().get(t);
                SampledComparison.Stats sa = t < 0 ? a.overall() : a.types().get(t);
                out.printf(Locale.ROOT, "  %-7s %-14s %12.1f %12.1f %+8.1f%% %12.1f %12.1f %+8.1f%%%n", "1/" + b.oneIn(),
                        clip(sb.type()), sb.meanLifetimeExact(), sa.meanLifetimeExact(),
                        change(sb.meanLifetimeExact(), sa.meanLifetimeExact()), sb.meanLifetimeObserved(),
                        sa.meanLifetimeObserved(), change(sb.meanLifetimeObserved(), sa.meanLifetimeObserved()));
            }
        }
    }

    private static void overheadTable(SampledComparison.Report report, PrintWriter out) {
        RunResult base = report.exactRun();
        out.printf("overhead of the profiler: ephemerons in the nursery vs pretenured%n");
        out.printf(Locale.ROOT, "  %-7s %8s %8s %14s %14s %10s %10s%n", "sample", "GCs", "GCs pre", "GC work",
                "GC work pre", "mark/cons", "m/c pre");
        out.println(String.format(Locale.ROOT, "  %-7s %,8d %8s %,14d %14s %10.3f", "none", base.gcCount(), "", gcWork(base), "",
                base.markCons()));
        for (SampledComparison.Rate r : report.rates()) {
            RunResult n = r.run();
            RunResult p = r.pretenuredRun();
            out.printf(Locale.ROOT, "  %-7s %,8d %,8d %,14d %,14d %10.3f %10.3f%n", "1/" + r.oneIn(), n.gcCount(), p.gcCount(),
                    gcWork(n), gcWork(p), n.markCons(), p.markCons());
        }
    }

    static long gcWork(RunResult r) {
        return r.bytesCopied() + r.bytesMarked();
    }

    private void table(SampledComparison.Report report, PrintWriter out) {
        RunResult base = report.exactRun();
        out.printf(Locale.ROOT, "lifetimes compare %s on %s in %s: %,d allocations; without the profiler %,d GCs, "
                        + "GC work %,d bytes, mark/cons %.3f%n", input, report.plan(), Options.formatBytes(base.heapBytes()),
                report.allocations(), base.gcCount(), gcWork(base), base.markCons());
        out.printf("  delays and lifetimes in allocations; lifetime to the end for objects never seen dead%n");
        out.printf(Locale.ROOT, "  %-7s %-14s %9s %9s %9s %9s %8s %6s %6s %7s %10s %10s %6s %12s%n", "sample", "type", "sampled",
                "deaths", "observed", "fraction", "delay", "med", "p95", "KS", "life exact", "life obs", "+GCs", "+GC work");
        for (SampledComparison.Rate r : report.rates()) {
            List<SampledComparison.Stats> rows = new ArrayList<>();
            rows.add(r.overall());
            rows.addAll(r.types());
            for (SampledComparison.Stats s : rows) {
                boolean all = s.typeId() < 0;
                out.println(String.format(Locale.ROOT, "  %-7s %-14s %,9d %,9d %,9d %9.3f %8.1f %6d %6d %7.4f %10.1f %10.1f %6s %12s",
                        "1/" + r.oneIn(), clip(s.type()), s.objects(), s.deaths(), s.observed(), s.fractionObserved(),
                        s.delayMean(), s.delayMedian(), s.delayP95(), s.ksDistance(), s.meanLifetimeExact(),
                        s.meanLifetimeObserved(), all ? String.format(Locale.ROOT, "%+d", r.run().gcCount() - base.gcCount()) : "",
                        all ? String.format(Locale.ROOT, "%+,d", gcWork(r.run()) - gcWork(base)) : "").stripTrailing());
            }
        }
    }

    private static String clip(String s) {
        return s.length() <= 14 ? s : s.substring(0, 13) + "~";
    }

    private void json(SampledComparison.Report report, SampledComparison.Report act, PrintWriter out) throws IOException {
        RunResult base = report.exactRun();
        try (JsonGenerator g = Json.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("trace", input.toString());
            g.writeStringField("plan", report.plan());
            g.writeNumberField("heapBytes", base.heapBytes());
            g.writeNumberField("allocations", report.allocations());
            g.writeObjectFieldStart("withoutProfiler");
            runFields(g, base);
            g.writeEndObject();
            g.writeArrayFieldStart("rates");
            for (SampledComparison.Rate r : report.rates()) {
                g.writeStartObject();
                g.writeStringField("sample", "1/" + r.oneIn());
                g.writeNumberField("oneIn", r.oneIn());
                runFields(g, r.run());
                g.writeNumberField("extraGcs", r.run().gcCount() - base.gcCount());
                g.writeNumberField("extraGcWork", gcWork(r.run()) - gcWork(base));
                if (r.pretenuredRun() != null) {
                    g.writeObjectFieldStart("pretenured");
                    runFields(g, r.pretenuredRun());
                    g.writeNumberField("extraGcs", r.pretenuredRun().gcCount() - base.gcCount());
                    g.writeNumberField("extraGcWork", gcWork(r.pretenuredRun()) - gcWork(base));
                    g.writeEndObject();
                }
                g.writeObjectFieldStart("overall");
                statsFields(g, r.overall());
                g.writeEndObject();
                g.writeArrayFieldStart("types");
                for (SampledComparison.Stats s : r.types()) {
                    g.writeStartObject();
                    g.writeNumberField("typeId", s.typeId());
                    statsFields(g, s);
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            if (act != null) {
                g.writeObjectFieldStart("intervention");
                g.writeStringField("intervene", intervene);
                g.writeArrayFieldStart("rates");
                for (int i = 0; i < report.rates().size(); i++) {
                    SampledComparison.Rate b = report.rates().get(i);
                    SampledComparison.Rate a = act.rates().get(i);
                    g.writeStartObject();
                    g.writeStringField("sample", "1/" + b.oneIn());
                    g.writeObjectFieldStart("overall");
                    changeFields(g, b.overall(), a.overall());
                    g.writeEndObject();
                    g.writeArrayFieldStart("types");
                    for (int t = 0; t < b.types().size(); t++) {
                        g.writeStartObject();
                        g.writeNumberField("typeId", b.types().get(t).typeId());
                        changeFields(g, b.types().get(t), a.types().get(t));
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        out.println();
    }

    private static void changeFields(JsonGenerator g, SampledComparison.Stats b, SampledComparison.Stats a)
            throws IOException {
        g.writeStringField("type", b.type());
        number(g, "meanLifetimeExact", b.meanLifetimeExact());
        number(g, "meanLifetimeExactIntervened", a.meanLifetimeExact());
        number(g, "meanLifetimeObserved", b.meanLifetimeObserved());
        number(g, "meanLifetimeObservedIntervened", a.meanLifetimeObserved());
        number(g, "changeObservedPercent", change(b.meanLifetimeObserved(), a.meanLifetimeObserved()));
    }

    private static void runFields(JsonGenerator g, RunResult r) throws IOException {
        g.writeNumberField("gcCount", r.gcCount());
        g.writeNumberField("gcWork", gcWork(r));
        number(g, "markCons", r.markCons());
        g.writeNumberField("bytesAllocated", r.bytesAllocated());
    }

    private static void statsFields(JsonGenerator g, SampledComparison.Stats s) throws IOException {
        g.writeStringField("type", s.type());
        g.writeNumberField("sampled", s.objects());
        g.writeNumberField("deaths", s.deaths());
        g.writeNumberField("observed", s.observed());
        number(g, "fractionObserved", s.fractionObserved());
        number(g, "delayMean", s.delayMean());
        if (s.delayMedian() >= 0) {
            g.writeNumberField("delayMedian", s.delayMedian());
            g.writeNumberField("delayP95", s.delayP95());
        } else {
            g.writeNullField("delayMedian");
            g.writeNullField("delayP95");
        }
        number(g, "ksDistance", s.ksDistance());
        number(g, "meanLifetimeExact", s.meanLifetimeExact());
        number(g, "meanLifetimeObserved", s.meanLifetimeObserved());
    }

    /** A number, or null for NaN (no data: no deaths of that type, say). */
    private static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isNaN(v)) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    private Charts.Figure chart(SampledComparison.Report report) {
        List<Charts.Series> series = new ArrayList<>();
        series.add(cdf("exact (Merlin)", report.exactLifetimes(), false));
        for (SampledComparison.Rate r : report.rates()) {
            series.add(cdf("sampled 1/" + r.oneIn(), r.observedLifetimes(), true));
        }
        return Charts.cdf("Object lifetimes on " + report.plan() + ": exact vs finalization-sampled",
                "lifetime + 1 (allocations)", series);
    }

    /** The empirical CDF of {@code values} at each distinct value, shifted by one for the log axis. */
    private static Charts.Series cdf(String name, long[] values, boolean dashed) {
        long[] v = values.clone();
        Arrays.sort(v);
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            if (i + 1 == v.length || v[i + 1] != v[i]) {
                points.add(new double[] {v[i] + 1, (double) (i + 1) / v.length});
            }
        }
        if (points.isEmpty()) {
            points.add(new double[] {1, 0});
        }
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i)[0];
            y[i] = points.get(i)[1];
        }
        return new Charts.Series(name, x, y, dashed);
    }
}
