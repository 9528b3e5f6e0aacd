package org.jmmtk.tools.sweep;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.calibrate.HostCalibration;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.MinHeapFactorOption;
import org.jmmtk.tools.option.SourceOptions;
import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.output.Json;
import org.jmmtk.tools.output.OutputDirectory;
import org.jmmtk.tools.output.Progress;

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
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.plot.Charts;
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
public final class SweepCommand implements Callable<Integer> {
    @Mixin
    CollectorOptions collector;

    @Mixin
    SourceOptions source;

    @Mixin
    HeapFactorOption heapFactor;

    @Mixin
    MinHeapFactorOption minHeapFactor;

    @Option(names = "--threads", paramLabel = "N,N,...", defaultValue = "1,2,4",
            description = "GC thread counts to measure (default: ${DEFAULT-VALUE}); speedups are over the first.")
    String threadList;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "5", description = "Measured runs per thread count (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1", description = "Unmeasured runs per thread count first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--model", description = "Also predict the speedup at every thread count with the virtual-time "
            + "model (docs/scalability.md), from --repeat recorded runs with one GC thread. Every thread count is "
            + "measured, with or without --model; counts beyond this machine's processors are measured oversubscribed "
            + "(a warning says so).")
    boolean model;

    @Option(names = "--host", paramLabel = "FILE",
            description = "With --model: the calibration of the host to predict ('jmmtk calibrate -o FILE'): its "
                    + "scheduling costs and memory bandwidth bound the interval of each prediction; default: costs "
                    + "measured here and a server's bandwidth (docs/scalability.md).")
    Path host;

    @Option(names = "--recorder", paramLabel = "FILE",
            description = "With --model: the calibration of this machine, the one recording ('jmmtk calibrate -o FILE' "
                    + "run here): its one-thread bandwidth turns the recorded closure time into a memory share; "
                    + "default: measured for about a second before the model runs (docs/scalability.md).")
    Path recorder;

    @Option(names = "--sensitivity-rounds", paramLabel = "N", defaultValue = "0",
            description = "With --model: rounds measuring the closure's memory share directly (the one-thread closure "
                    + "alone and beside processors-1 bandwidth-probe threads, against the probe's own slowdown among "
                    + "as many probes; two recorded runs per round); 0 leaves the share to the closure's bytes "
                    + "(default: ${DEFAULT-VALUE}: off; 3 on the host being modelled, which needs idle cores beside the "
                    + "closure; docs/scalability.md).")
    int sensitivityRounds;

    @Mixin
    OutputDirectory out;

    @Option(names = "--json", description = "Print the result as one JSON object.")
    boolean json;

    @Option(names = "--mutator-threads", paramLabel = "N,N,...",
            description = "Sweep mutator threads instead (e.g. 1,2,4,8): mutator throughput (trace MB allocated per "
                    + "second of mutator time) per count, speedups over the first; --threads then names the one GC "
                    + "thread count (default: the number of processors); --out-dir writes runs.csv, summary.csv and "
                    + "the speedup plot as the GC-thread sweep does.")
    String mutatorList;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1 || warmup < 0) {
            throw new UsageException("--repeat must be at least 1 and --warmup at least 0");
        }
        if (mutatorList != null) {
            return mutatorSweep();
        }
        if (host != null && !model) {
            throw new UsageException("--host calibrates the model's predictions: give it with --model");
        }
        if (sensitivityRounds < 0) {
            throw new UsageException("--sensitivity-rounds must be at least 0, got " + sensitivityRounds);
        }
        if (sensitivityRounds > 0 && !model) {
            throw new UsageException("--sensitivity-rounds measures the model's memory share: give it with --model");
        }
        if (recorder != null && !model) {
            throw new UsageException("--recorder calibrates the model's memory share: give it with --model");
        }
        HostCalibration calibration = host == null ? null : HostCalibration.read(host);
        HostCalibration here = recorder == null ? null : HostCalibration.read(recorder);
        int[] threads = threadCounts(threadList);
        for (int t : threads) {
            new Options().threads(t);
        }
        Plans.Entry plan = collector.planEntry();
        TraceSource src = source.open();
        out.check(source.trace());
        minHeapFactor.check();
        Options first = collector.options(threads[0]);
        long heap = heapBytes(src, plan, first);
        IntFunction<Options> options = heap == 0 ? collector::options : t -> collector.options(t).heapBytes(heap);
        int[] measured = threads;
        AtomicInteger done = new AtomicInteger();
        int total = measured.length * (repeat + warmup);
        ThreadSweep.Result result = null;
        if (measured.length > 0) {
            try (Progress progress = Progress.start("sweep", () -> (double) done.get() / total)) {
                result = ThreadSweep.run(plan, options, src, measured, repeat, warmup, (d, n, t, warm) -> {
                    done.set(d);
                    progress.label(String.format(Locale.ROOT, "sweep: %d thread%s%s", t, t == 1 ? "" : "s",
                            warm ? " (warm-up)" : ""));
                });
            }
        }
        ModelSweep.Result prediction = null;
        if (model) {
            try (Progress progress = Progress.start("model: recording " + repeat + " run" + (repeat == 1 ? "" : "s")
                    + " with 1 GC thread", src::progress)) {
                prediction = ModelSweep.predict(plan, options.apply(1), src, threads, repeat, calibration,
                        host == null ? null : host.toString(), here, recorder == null ? null : recorder.toString(),
                        sensitivityRounds);
            }
        }
        MachineLoad load = MachineLoad.now();
        warnOversubscribed(threads, load);
        load.warn(spec.commandLine().getErr());
        SweepOutput view = new SweepOutput(result, prediction, threads, load);
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            view.json(o);
        } else {
            view.table(o);
        }
        if (out.dir() != null) {
            view.write(out.dir(), o, !json);
        }
        return ExitCodes.OK;
    }

    /** {@code --mutator-threads}: one GC thread count, several mutator-thread counts. */
    private int mutatorSweep() throws java.io.IOException {
        if (model) {
            throw new UsageException("--mutator-threads cannot be combined with --model");
        }
        int gcThreads = Runtime.getRuntime().availableProcessors();
        if (spec.commandLine().getParseResult().hasMatchedOption("--threads")) {
            int[] given = threadCounts(threadList);
            if (given.length != 1) {
                throw new UsageException("with --mutator-threads, --threads names one GC thread count, not " + Quote.of(threadList));
            }
            gcThreads = given[0];
        }
        int[] counts = threadCounts("--mutator-threads", mutatorList);
        Plans.Entry plan = collector.planEntry();
        Options base = collector.options(gcThreads);
        for (int n : counts) {
            base.copy().mutatorThreads(n);
        }
        TraceSource src = source.open();
        out.check(source.trace());
        minHeapFactor.check();
        long heap = heapBytes(src, plan, collector.options(gcThreads).mutatorThreads(counts[0]));
        int g = gcThreads;
        IntFunction<Options> options = n -> {
            Options o = collector.options(g).mutatorThreads(n);
            return heap == 0 ? o : o.heapBytes(heap);
        };
        Simulation.checkMutatorThreads(options.apply(java.util.Arrays.stream(counts).max().orElse(1)), List.of());
        int total = counts.length * (repeat + warmup);
        AtomicInteger done = new AtomicInteger();
        MutatorSweep.Result result;
        try (Progress progress = Progress.start("sweep", () -> (double) done.get() / total)) {
            result = MutatorSweep.run(plan, options, src, counts, repeat, warmup, (d, n, t, warm) -> {
                done.set(d);
                progress.label(String.format(Locale.ROOT, "sweep: %d mutator thread%s%s", t, t == 1 ? "" : "s",
                        warm ? " (warm-up)" : ""));
            });
        }
        MachineLoad load = MachineLoad.now();
        load.warn(spec.commandLine().getErr());
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            try (com.fasterxml.jackson.core.JsonGenerator gen = Json.pretty(o)) {
                MutatorSweep.json(result, load, gen);
            }
            o.println();
            o.flush();
        } else {
            MutatorSweep.table(result, o);
        }
        if (out.dir() != null) {
            List<Path> written = writeMutatorSweep(result, out.dir());
            if (!json) {
                o.println("wrote " + String.join(", ", written.stream().map(Path::toString).toList()));
                o.flush();
            }
        }
        return ExitCodes.OK;
    }

    /**
     * The heap every count runs in: by --heap-factor, or by --min-heap-factor (the minimum heap found with
     * {@code first}, the options of the first count), or 0 for the --heap given (or its default).
     */
    private long heapBytes(TraceSource src, Plans.Entry plan, Options first) throws IOException {
        HeapFactorOption.Heap byLive = heapFactor.heap(source, src);
        if (byLive != null) {
            return byLive.bytes();
        }
        MinHeapFactorOption.Heap byMin = minHeapFactor.heap(source, src, plan, first, collector.geometryKey());
        return byMin == null ? 0 : byMin.bytes();
    }

    /** {@code runs.csv}, {@code summary.csv} and the speedup plot of a mutator-thread sweep. */
    private static List<Path> writeMutatorSweep(MutatorSweep.Result r, Path dir) throws java.io.IOException {
        List<Path> written = new ArrayList<>();
        Path runs = dir.resolve("runs.csv");
        try (Csv csv = new Csv(runs, "mutator_threads", "repeat", "gcs", "mutator_ms", "bytes_allocated",
                "throughput_mb_per_s", "records", "dependency_waits")) {
            for (MutatorSweep.Run run : r.runs()) {
                csv.row(run.mutatorThreads(), run.repeat(), run.gcs(), run.mutatorMs(), run.bytesAllocated(),
                        run.throughput(), run.records(), run.dependencyWaits());
            }
        }
        written.add(runs);
        Path summary = dir.resolve("summary.csv");
        try (Csv csv = new Csv(summary, "mutator_threads", "throughput_mb_per_s", "throughput_ci_low",
                "throughput_ci_high", "speedup", "speedup_ci_low", "speedup_ci_high", "waits_per_record")) {
            for (MutatorSweep.Point p : r.points()) {
                csv.row(p.mutatorThreads(), p.throughput().value(), p.throughput().low(), p.throughput().high(),
                        p.speedup().value(), p.speedup().low(), p.speedup().high(), p.waitsPerRecord());
            }
        }
        written.add(summary);
        written.addAll(SpeedupPlot.save(r, dir));
        return written;
    }

    /**
     * One line on standard error if some counts exceed the processors: they are measured all the same (with
     * or without --model), but their threads share processors.
     */
    private void warnOversubscribed(int[] counts, MachineLoad load) {
        int[] over = java.util.Arrays.stream(counts).filter(t -> t > load.processors()).toArray();
        if (over.length > 0) {
            spec.commandLine().getErr().printf(Locale.ROOT, "jmmtk: warning: %s thread%s on %d processor%s: measured "
                    + "oversubscribed (threads take turns on a processor)%n",
                    String.join(",", java.util.Arrays.stream(over).mapToObj(Integer::toString).toList()),
                    over.length == 1 && over[0] == 1 ? "" : "s", load.processors(), load.processors() == 1 ? "" : "s");
            spec.commandLine().getErr().flush();
        }
    }

    /** "1,2,4" as numbers; an empty element (",", "1,,2", "2,") or a non-number is bad usage. */
    static int[] threadCounts(String list) {
        return threadCounts("--threads", list);
    }

    /** As {@link #threadCounts(String)}, for option {@code option}. */
    static int[] threadCounts(String option, String list) {
        String[] parts = list.split(",", -1);
        int[] counts = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                counts[i] = Integer.parseInt(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new UsageException(option + " takes thread counts separated by commas, e.g. 1,2,4; not "
                        + Quote.of(list));
            }
        }
        return counts;
    }
}
