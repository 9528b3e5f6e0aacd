package org.jmmtk.tools.sweep;

import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.output.Json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jmmtk.core.Options;
import org.jmmtk.tools.plot.Charts;

/**
 * What {@code jmmtk sweep} prints and writes: the measured points (null when no thread count could be
 * measured here) and the model's predictions (null without {@code --model}), one row per thread count.
 * Used by the command-line thread.
 */
final class SweepOutput {
    private final ThreadSweep.Result measured;
    private final ModelSweep.Result model;
    private final int[] threads;
    private final MachineLoad load;

    SweepOutput(ThreadSweep.Result measured, ModelSweep.Result model, int[] threads, MachineLoad load) {
        this.measured = measured;
        this.model = model;
        this.threads = threads.clone();
        this.load = load;
    }

    private ThreadSweep.Point point(int t) {
        return measured == null ? null : measured.points().stream().filter(p -> p.threads() == t).findFirst()
                .orElse(null);
    }

    void table(PrintWriter o) {
        if (measured != null) {
            o.printf(Locale.ROOT, "sweep: plan %s, %s, heap %s, %d measured run%s per thread count%n", measured.plan(),
                    measured.source(), Options.formatBytes(measured.heapBytes()), measured.repeats(),
                    measured.repeats() == 1 ? "" : "s");
        }
        if (model != null) {
            o.printf(Locale.ROOT, "model: %d collections, %,d packets recorded with 1 GC thread; closure work/span %.2f; "
                    + "costs: steal %d ns, wake-up %d ns, bucket open %d ns, fan-out %d ns per worker, signal %d ns%n", model.gcs(),
                    model.packets(), model.closureParallelism(), model.costs().stealNanos(), model.costs().wakeNanos(),
                    model.costs().bucketOpenNanos(), model.costs().fanOutNanos(), model.costs().signalNanos());
            ModelSweep.Memory m = model.memory();
            double rate = m.recorderBytesPerSecond();
            o.printf(Locale.ROOT, "memory: target %s bandwidth, %.2f GB/s on 1 thread, %.2f GB/s on %d; recorded at "
                    + "%.2f GB/s on 1 thread (%s): one-thread closure %.2f ms, live %.1f MB take %.2f ms, at most %.1f MB "
                    + "%.2f ms; share of the bytes %.0f%% (at most %.0f%%); predicted = best estimate "
                    + "[largest memory share, no contention]%n",
                    m.targetSource(), m.target().aggregate(1) / 1e9, m.target().aggregate(m.target().threads()) / 1e9,
                    m.target().threads(), rate / 1e9, m.recorderSource(), model.closureMs(), model.liveBytes() / 1e6,
                    model.liveBytes() / rate * 1e3, model.boundBytes() / 1e6, model.boundBytes() / rate * 1e3,
                    100 * model.bytesFraction(), 100 * model.bytesFractionMax());
            MemorySensitivity.Measured s = m.sensitivity();
            if (s.rounds() == 0) {
                o.printf(Locale.ROOT, "memory share: not measured; from the bytes: %.0f%% (low end %.0f%%)%n",
                        100 * model.memoryFraction(), 100 * model.memoryFractionMax());
            } else {
                o.printf(Locale.ROOT, "memory share: measured beside %d probe thread%s, %d rounds: closure x%.3f, probe "
                        + "x%.3f (medians) -> %s; used: %.0f%% (low end %.0f%%)%n", s.probes(), s.probes() == 1 ? "" : "s",
                        s.rounds(), s.closureSlowdown(), s.probeSlowdown(), s.measured()
                                ? String.format(Locale.ROOT, "%.0f%% (at most %.0f%%)", 100 * s.fraction(),
                                100 * s.fractionMax())
                                : String.format(Locale.ROOT, "not resolved (%s), the bytes' shares used",
                                s.rounds() < 2 ? "one round" : Double.isInfinite(s.resolution())
                                        ? "the probe was not slowed in every round"
                                        : String.format(Locale.ROOT, "the closure's scatter moves the share by %.2f",
                                        s.resolution())),
                        100 * model.memoryFraction(), 100 * model.memoryFractionMax());
            }
        }
        o.printf(Locale.ROOT, "%7s  %-28s  %-22s  %10s  %12s%s%n", "threads", "closure ms/GC [95% CI]",
                "speedup [95% CI]", "efficiency", "pause ms/GC", model == null ? "" : "  predicted [low, high]");
        for (int t : threads) {
            ThreadSweep.Point p = point(t);
            if (p != null) {
                o.printf(Locale.ROOT, "%7d  %-28s  %-22s  %9.0f%%  %12.2f", p.threads(), interval(p.closureMs(), 2),
                        interval(p.speedup(), 2), 100 * p.efficiency(), p.pauseMedianMs());
            } else {
                o.printf(Locale.ROOT, "%7d  %-28s  %-22s  %10s  %12s", t, "(not measured)", "-", "-", "-");
            }
            if (model == null) {
                o.println();
            } else {
                ModelSweep.Prediction m = model.at(t);
                o.printf(Locale.ROOT, "  %.2f [%.2f, %.2f]%n", m.speedup(), m.speedupLow(), m.speedupHigh());
            }
        }
        if (measured != null) {
            o.printf("logical results identical across thread counts: %s%n",
                    measured.logicalResultsIdentical() ? "yes" : "NO");
        }
        o.flush();
    }

    private static String interval(Bootstrap.Estimate e, int decimals) {
        String f = "%." + decimals + "f";
        return String.format(Locale.ROOT, f + " [" + f + ", " + f + "]", e.value(), e.low(), e.high());
    }

    void json(PrintWriter o) throws IOException {
        try (JsonGenerator g = Json.pretty(o)) {
            g.writeStartObject();
            if (measured != null) {
                g.writeStringField("plan", measured.plan());
                g.writeStringField("source", measured.source());
                g.writeNumberField("heapBytes", measured.heapBytes());
                g.writeNumberField("repeats", measured.repeats());
                g.writeBooleanField("logicalResultsIdentical", measured.logicalResultsIdentical());
            }
            load.json(g);
            g.writeArrayFieldStart("points");
            for (int t : threads) {
                point(g, t);
            }
            g.writeEndArray();
            if (model != null) {
                g.writeObjectFieldStart("model");
                g.writeNumberField("gcs", model.gcs());
                g.writeNumberField("packets", model.packets());
                g.writeNumberField("closureParallelism", model.closureParallelism());
                g.writeNumberField("stealNs", model.costs().stealNanos());
                g.writeNumberField("wakeNs", model.costs().wakeNanos());
                g.writeNumberField("bucketOpenNs", model.costs().bucketOpenNanos());
                g.writeNumberField("fanOutNs", model.costs().fanOutNanos());
                g.writeNumberField("signalNs", model.costs().signalNanos());
                g.writeStringField("bandwidthSource", model.memory().targetSource());
                g.writeNumberField("bandwidthOneThreadBytesPerSecond", model.memory().target().aggregate(1));
                g.writeStringField("recorderBandwidthSource", model.memory().recorderSource());
                g.writeNumberField("recorderBandwidthOneThreadBytesPerSecond", model.memory().recorderBytesPerSecond());
                g.writeNumberField("closureOneThreadMs", model.closureMs());
                g.writeNumberField("closureLiveBytes", model.liveBytes());
                g.writeNumberField("closureBytesBound", model.boundBytes());
                g.writeNumberField("bytesFraction", model.bytesFraction());
                g.writeNumberField("bytesFractionMax", model.bytesFractionMax());
                MemorySensitivity.Measured s = model.memory().sensitivity();
                g.writeObjectFieldStart("sensitivity");
                g.writeNumberField("probes", s.probes());
                g.writeNumberField("rounds", s.rounds());
                g.writeBooleanField("measured", s.measured());
                if (!Double.isInfinite(s.resolution())) {
                    g.writeNumberField("resolution", s.resolution());
                }
                g.writeArrayFieldStart("closureSlowdowns");
                for (double v : s.closure()) {
                    g.writeNumber(v);
                }
                g.writeEndArray();
                g.writeArrayFieldStart("probeSlowdowns");
                for (double v : s.probe()) {
                    g.writeNumber(v);
                }
                g.writeEndArray();
                g.writeEndObject();
                g.writeNumberField("memoryFraction", model.memoryFraction());
                g.writeNumberField("memoryFractionMax", model.memoryFractionMax());
                g.writeEndObject();
            }
            g.writeArrayFieldStart("runs");
            for (ThreadSweep.Run run : measured == null ? List.<ThreadSweep.Run>of() : measured.runs()) {
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

    private void point(JsonGenerator g, int t) throws IOException {
        ThreadSweep.Point p = point(t);
        g.writeStartObject();
        g.writeNumberField("threads", t);
        g.writeBooleanField("measured", p != null);
        g.writeBooleanField("oversubscribed", t > load.processors());
        if (p != null) {
            estimate(g, "closureMs", p.closureMs());
            estimate(g, "speedup", p.speedup());
            g.writeNumberField("efficiency", p.efficiency());
            g.writeNumberField("pauseMedianMs", p.pauseMedianMs());
        }
        if (model != null) {
            g.writeNumberField("predictedClosureMs", model.at(t).closureMs());
            g.writeNumberField("predictedSpeedup", model.at(t).speedup());
            g.writeNumberField("predictedSpeedupLow", model.at(t).speedupLow());
            g.writeNumberField("predictedSpeedupHigh", model.at(t).speedupHigh());
        }
        g.writeEndObject();
    }

    private static void estimate(JsonGenerator g, String name, Bootstrap.Estimate e) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeNumberField("value", e.value());
        g.writeNumberField("ciLow", e.low());
        g.writeNumberField("ciHigh", e.high());
        g.writeEndObject();
    }

    void write(Path dir, PrintWriter o, boolean tell) throws IOException {
        List<Path> written = new ArrayList<>();
        if (measured != null) {
            Path runs = dir.resolve("runs.csv");
            try (Csv csv = new Csv(runs, "threads", "repeat", "gcs", "closure_median_ms",
                    "closure_total_ms", "pause_total_ms", "pause_median_ms")) {
                for (ThreadSweep.Run run : measured.runs()) {
                    csv.row(run.threads(), run.repeat(), run.gcs(), run.closureMedianMs(), run.closureTotalMs(),
                            run.pauseTotalMs(), run.pauseMedianMs());
                }
            }
            written.add(runs);
        }
        Path summary = dir.resolve("summary.csv");
        try (Csv csv = new Csv(summary, "threads", "closure_ms", "closure_ci_low", "closure_ci_high", "speedup",
                "speedup_ci_low", "speedup_ci_high", "efficiency", "predicted_speedup", "predicted_speedup_low",
                "predicted_speedup_high")) {
            for (int t : threads) {
                ThreadSweep.Point p = point(t);
                Object predicted = model == null ? "" : model.at(t).speedup();
                Object low = model == null ? "" : model.at(t).speedupLow();
                Object high = model == null ? "" : model.at(t).speedupHigh();
                if (p == null) {
                    csv.row(t, "", "", "", "", "", "", "", predicted, low, high);
                } else {
                    csv.row(t, p.closureMs().value(), p.closureMs().low(), p.closureMs().high(), p.speedup().value(),
                            p.speedup().low(), p.speedup().high(), p.efficiency(), predicted, low, high);
                }
            }
        }
        written.add(summary);
        written.addAll(SpeedupPlot.save(measured, model, threads, dir));
        if (tell) {
            o.println("wrote " + String.join(", ", written.stream().map(Path::toString).toList()));
            o.flush();
        }
    }
}
