package org.jmmtk.tools.plot;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.Progress;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jmmtk plot heap-profile|demise-map}: the Merlin paper's heap visualisations of a perfect trace. */
@Command(name = "plot", description = "Draw a perfect trace's heap (the Merlin paper's section 8) as PNG or SVG.",
        subcommands = {PlotCommand.Profile.class, PlotCommand.Demise.class})
public final class PlotCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: heap-profile or demise-map");
    }

    /** The input, the output and the orientation every heap plot takes. */
    static final class Files {
        @Parameters(paramLabel = "IN", description = "A perfect trace (jmmtk lifetimes), text or binary, .gz or not.")
        Path input;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
                description = "The plot to write: FILE.png or FILE.svg.")
        Path output;

        @Option(names = "--inverted", description = "Youngest objects at the top of the heap instead of the bottom.")
        boolean inverted;

        /** Checks the output, reads the trace once for the axes, draws, writes; says what it wrote. */
        int draw(CommandSpec spec, String what, Chart chart) throws IOException {
            Charts.checkFormat(output);
            OutputFile.check(output, input);
            TraceSource src = TraceFormat.open(input);
            HeapPlots.Extent extent;
            try (Progress progress = Progress.start("reading " + input, src::progress)) {
                extent = HeapPlots.extent(src);
            }
            Charts.Figure c;
            try (Progress progress = Progress.start("drawing the " + what, src::progress)) {
                c = chart.draw(src, extent, what.substring(0, 1).toUpperCase(java.util.Locale.ROOT)
                        + what.substring(1) + " of " + input.getFileName());
            }
            Charts.saveAs(c, output, input);
            PrintWriter out = spec.commandLine().getOut();
            out.println(output + ": " + what + " of " + input);
            out.flush();
            if (extent.deaths() == 0) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("jmmtk: note: " + input + " has no D records, so nothing ever dies in the plot; "
                        + "draw a perfect trace ('jmmtk lifetimes')");
                err.flush();
            }
            return ExitCodes.OK;
        }
    }

    /** Draws one kind of heap plot. */
    @FunctionalInterface
    interface Chart {
        Charts.Figure draw(TraceSource source, HeapPlots.Extent extent, String title) throws IOException;
    }

    @Command(name = "heap-profile", sortOptions = false,
            description = {"The live bytes of the age-ordered heap over time, in bands by when the objects were "
                    + "allocated; each boundary between bands shows where the objects allocated before it end."})
    static final class Profile implements Callable<Integer> {
        @Mixin
        Files files;

        @Option(names = "--bands", paramLabel = "N", defaultValue = "10",
                description = "Age bands: the run split into N equal stretches of allocation (default: ${DEFAULT-VALUE}, at most 64).")
        int bands;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            if (bands < 1 || bands > 64) {
                throw new UsageException("--bands must be between 1 and 64, got " + bands);
            }
            return files.draw(spec, "heap profile",
                    (src, extent, title) -> HeapPlots.heapProfile(src, extent, title, bands, files.inverted));
        }
    }

    @Command(name = "demise-map", sortOptions = false,
            description = {"Where in the age-ordered heap objects die, over time: darker where more die at once."})
    static final class Demise implements Callable<Integer> {
        @Mixin
        Files files;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            return files.draw(spec, "demise map",
                    (src, extent, title) -> HeapPlots.demiseMap(src, extent, title, files.inverted));
        }
    }
}
