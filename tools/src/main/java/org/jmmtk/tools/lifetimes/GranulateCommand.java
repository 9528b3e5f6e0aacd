package org.jmmtk.tools.lifetimes;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.Progress;
import org.jmmtk.tools.trace.TraceCommand;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.lifetimes.Granulator;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.core.Options;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jmmtk granulate}: a granulated trace from a perfect one (deaths delayed to granule boundaries). */
@Command(name = "granulate", sortOptions = false,
        description = {"Write a granulated trace from a perfect one (jmmtk lifetimes): deaths are known only every "
                + "--granule bytes of allocation. Each D record moves to the next boundary (the first allocation at or "
                + "after a multiple of the granule), where the deaths are written in increasing id order followed by "
                + "a P record; the rest stays. Replay it with 'run --sync none|early|late|mid' (docs/merlin.md)."})
public final class GranulateCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN", description = "A perfect trace (text or binary, .gz or not).")
    Path input;

    @Option(names = "--granule", paramLabel = "BYTES", required = true,
            description = "Bytes of allocation between points of perfect knowledge, with optional k/m/g suffix.")
    String granule;

    @Mixin
    TraceCommand.Output output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        long bytes = granuleBytes();
        TraceSource src = TraceFormat.open(input);
        Granulator g;
        try (OutputFile out = OutputFile.create(output.file(), input)) {
            try (TraceWriter writer = output.writer(out.temp());
                 Granulator granulator = new Granulator(writer, bytes, out.temp().toAbsolutePath().getParent());
                 Progress progress = Progress.start("granulating " + input, src::progress)) {
                g = granulator;
                src.replay(granulator);
                granulator.finish();
            } catch (UncheckedIOException e) {
                throw OutputFile.named(output.file(), e.getCause());
            }
            out.commit();
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "%s: granule %,d bytes, %,d points of perfect knowledge, %,d deaths delayed by "
                + "%,.0f bytes of allocation on average%n", output.file(), bytes, g.points(), g.deaths(),
                g.deaths() == 0 ? 0.0 : (double) g.delayBytes() / g.deaths());
        stdout.flush();
        if (g.deaths() == 0) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("jmmtk: note: " + input + " has no D records; granulate a perfect trace ('jmmtk lifetimes')");
            err.flush();
        }
        return ExitCodes.OK;
    }

    private long granuleBytes() {
        long bytes;
        try {
            bytes = Options.parseSize(granule);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--granule: " + e.getMessage());
        }
        if (bytes < 1) {
            throw new UsageException("--granule must be at least 1 byte");
        }
        return bytes;
    }
}
