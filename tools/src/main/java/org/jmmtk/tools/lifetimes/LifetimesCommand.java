package org.jmmtk.tools.lifetimes;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.RunFailedException;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.SampleRate;
import org.jmmtk.tools.option.ThreadsOption;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.Progress;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.lifetimes.DeathLog;
import org.jmmtk.bindings.lifetimes.Lifetimes;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk lifetimes}: a perfect trace, the input's records with a {@code D} record where each
 * object becomes unreachable, found by Merlin on a collector plan or by brute force (see
 * {@code docs/merlin.md}). Reads the input twice (once to find the deaths, once to write them in);
 * the deaths are sorted in bounded memory, spilling next to the output; the output appears only when
 * everything succeeded.
 */
@Command(name = "lifetimes", sortOptions = false, subcommands = LifetimesCompareCommand.class,
        description = {"Write a perfect trace: the input's records with a 'D <obj>' record immediately before the "
                + "first allocation at which each object is unreachable from the roots (or at the end), several "
                + "at one point in increasing id order (docs/merlin.md). Merlin replays the trace on a collector "
                + "plan (--plan, --heap); brute force walks the whole graph before every allocation (the oracle: "
                + "slow). Both write the same bytes. 'sampled' is FiLiP: the deaths of 1 in N allocations as "
                + "the collections of --plan observe them (late, never early; docs/filip.md). D and P records of the "
                + "input are replaced."})
public final class LifetimesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN", arity = "0..1", description = "A jmmtk trace (text or binary, .gz or not).")
    Path input;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "merlin",
            description = "How to find the deaths: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Lifetimes.Method method;

    @Option(names = "--sample", paramLabel = "1/N", defaultValue = "1/1",
            description = "With --method sampled: sample 1 in N allocations (default: ${DEFAULT-VALUE}).")
    String sample;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The jmmtk trace to write (.gz to compress); required.")
    Path outputFile;

    @Option(names = "--binary", description = "Write the binary form instead of text.")
    boolean binary;

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
        if (input == null) {
            throw new UsageException("lifetimes needs an input trace IN (or the subcommand compare)");
        }
        if (outputFile == null) {
            throw new UsageException("lifetimes needs -o FILE, the trace to write");
        }
        int oneIn = SampleRate.parse("--sample", sample);
        if (method != Lifetimes.Method.sampled && spec.commandLine().getParseResult().hasMatchedOption("--sample")) {
            throw new UsageException("--sample applies to --method sampled only");
        }
        TraceSource src = TraceFormat.open(input);
        OutputFile.check(outputFile, input);
        Plans.Entry plan = collector.planEntry();
        Options options = collector.options(threads.threads);
        if (method == Lifetimes.Method.bruteforce) {
            noteIgnoredOptions();
        } else {
            HeapFactorOption.Heap heap = heapFactor.heap(input, src);
            if (heap != null) {
                options.heapBytes(heap.bytes());
            }
        }
        String how;
        long deathCount;
        try (OutputFile out = OutputFile.create(outputFile, input);
             DeathLog deaths = new DeathLog(out.temp().toAbsolutePath().getParent())) {
            if (method == Lifetimes.Method.merlin) {
                RunResult run;
                try (Progress progress = Progress.start("merlin on " + plan.name(), src::progress)) {
                    run = Lifetimes.merlin(plan, options, src, deaths);
                }
                if (run.isOutOfMemory()) {
                    throw new RunFailedException(run.outOfMemory() + " (Merlin needs the plan to complete the trace: "
                            + "give a larger --heap)");
                }
                how = String.format(Locale.ROOT, "merlin on %s in %s, %,d GCs", plan.name(),
                        Options.formatBytes(run.heapBytes()), run.gcCount());
            } else if (method == Lifetimes.Method.sampled) {
                RunResult run;
                try (Progress progress = Progress.start("sampled on " + plan.name(), src::progress)) {
                    run = Lifetimes.sampled(plan, options, src, oneIn, deaths);
                }
                if (run.isOutOfMemory()) {
                    throw new RunFailedException(run.outOfMemory() + " (the sampled lifetimes need the plan to complete "
                            + "the trace, its ephemerons included: give a larger --heap)");
                }
                how = String.format(Locale.ROOT, "sampled 1/%d on %s in %s, %,d GCs", oneIn, plan.name(),
                        Options.formatBytes(run.heapBytes()), run.gcCount());
            } else {
                try (Progress progress = Progress.start("brute force: reachability at every allocation", src::progress)) {
                    Lifetimes.bruteForce(src, deaths);
                }
                how = "brute force";
            }
            deathCount = deaths.size();
            try (TraceWriter writer = TraceWriter.create(out.temp(), binary);
                 Progress progress = Progress.start("writing " + outputFile, src::progress)) {
                Lifetimes.insert(src, deaths, writer);
            } catch (UncheckedIOException e) {
                throw OutputFile.named(outputFile, e.getCause());
            }
            out.commit();
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "%s: %,d death%s (%s)%n", outputFile, deathCount, deathCount == 1 ? "" : "s", how);
        stdout.flush();
        return ExitCodes.OK;
    }

    /** Brute force runs no collector: says so when collector options were given. */
    private void noteIgnoredOptions() {
        var parsed = spec.commandLine().getParseResult();
        for (String option : new String[] {"--plan", "--heap", "--heap-factor", "--threads"}) {
            if (parsed.hasMatchedOption(option)) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("jmmtk: note: brute force runs no collector, so " + option + " (and any collector option) "
                        + "has no effect");
                err.flush();
                return;
            }
        }
    }
}
