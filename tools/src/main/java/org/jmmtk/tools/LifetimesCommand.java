package org.jmmtk.tools;

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
@Command(name = "lifetimes", sortOptions = false,
        description = {"Write a perfect trace: the input's records with a 'D <obj>' record immediately before the "
                + "first allocation at which each object is unreachable from the roots (or at the end), several "
                + "at one point in increasing id order (docs/merlin.md). Merlin replays the trace on a collector "
                + "plan (--plan, --heap); brute force walks the whole graph before every allocation (the oracle: "
                + "slow). Both write the same bytes. D and P records of the input are replaced."})
final class LifetimesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN", description = "A jmmtk trace (text or binary, .gz or not).")
    Path input;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "merlin",
            description = "How to find the deaths: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Lifetimes.Method method;

    @Mixin
    TraceCommand.Output output;

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
        TraceSource src = TraceFormat.open(input);
        OutputFile.check(output.file, input);
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
        try (OutputFile out = OutputFile.create(output.file, input);
             DeathLog deaths = new DeathLog(out.temp().toAbsolutePath().getParent())) {
            if (method == Lifetimes.Method.merlin) {
                RunResult run;
                try (Progress progress = Progress.start("merlin on " + plan.name(), src::progress)) {
                    run = Lifetimes.merlin(plan.name(), plan.factory(), options, src, deaths);
                }
                if (run.isOutOfMemory()) {
                    throw new RunFailedException(run.outOfMemory() + " (Merlin needs the plan to complete the trace: "
                            + "give a larger --heap)");
                }
                how = String.format(Locale.ROOT, "merlin on %s in %s, %,d GCs", plan.name(),
                        Options.formatBytes(run.heapBytes()), run.gcCount());
            } else {
                try (Progress progress = Progress.start("brute force: reachability at every allocation", src::progress)) {
                    Lifetimes.bruteForce(src, deaths);
                }
                how = "brute force";
            }
            deathCount = deaths.size();
            try (TraceWriter writer = TraceWriter.create(out.temp(), output.binary);
                 Progress progress = Progress.start("writing " + output.file, src::progress)) {
                Lifetimes.insert(src, deaths, writer);
            } catch (UncheckedIOException e) {
                throw OutputFile.named(output.file, e.getCause());
            }
            out.commit();
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "%s: %,d death%s (%s)%n", output.file, deathCount, deathCount == 1 ? "" : "s", how);
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
