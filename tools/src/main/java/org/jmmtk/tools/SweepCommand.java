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
import org.jmmtk.tools.sweep.ModelSweep;
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

    @Option(names = "--model", description = "Also predict the speedup at every thread count with the virtual-time "
            + "model (docs/scalability.md), from --repeat recorded runs with one GC thread; thread counts beyond this "
            + "machine's processors are then predicted only, not measured.")
    boolean model;

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
        int[] measured = model ? measurable(threads) : threads;
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
                prediction = ModelSweep.predict(plan, options.apply(1), src, threads, repeat);
            }
        }
        SweepOutput view = new SweepOutput(result, prediction, threads);
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

    /** The thread counts this machine has the processors for. */
    private static int[] measurable(int[] threads) {
        int cores = Runtime.getRuntime().availableProcessors();
        return java.util.Arrays.stream(threads).filter(t -> t <= cores).toArray();
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
}
