package org.jmmtk.tools.perfetto;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.output.Progress;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jmmtk perfetto}: a recording of jmmtk's tracepoints as a per-packet timeline for the Perfetto UI. */
@Command(name = "perfetto", sortOptions = false,
        description = {"Convert a JFR recording of jmmtk's tracepoints (from 'run --jfr') into a Perfetto trace "
                + "(Chrome JSON, gzipped if OUT ends in .gz): one track per GC worker, every work packet a slice.",
                "Open it at https://ui.perfetto.dev (Open trace file; it stays in the browser). See docs/perfetto.md. "
                        + "The run's final reachability collection is left out unless --include-final. A recording "
                        + "that holds several runs needs --run N."})
public final class PerfettoCommand implements Callable<Integer> {
    @Parameters(paramLabel = "IN.jfr", description = "A .jfr recording.")
    Path recording;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "The trace to write: .json or .json.gz.")
    Path output;

    @Option(names = "--out", paramLabel = "OUT", hidden = true, description = "Old spelling of --output.")
    Path legacyOut;

    @Option(names = "--run", paramLabel = "N",
            description = "Export only the Nth run (1-based) of a recording that holds several.")
    Integer run;

    @Mixin
    PerfettoOptions export;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if ((output == null) == (legacyOut == null)) {
            throw new UsageException("give the trace to write once, with -o/--output OUT");
        }
        Path out = output != null ? output : legacyOut;
        PerfettoExporter.Result r = export(recording, out, export.options().ofRun(run));
        PrintWriter o = spec.commandLine().getOut();
        o.println(summary(out, r));
        o.flush();
        return ExitCodes.OK;
    }

    /** Exports with a progress bar (on a terminal). */
    public static PerfettoExporter.Result export(Path recording, Path out, ExportOptions options) throws IOException {
        PerfettoExporter exporter = new PerfettoExporter(options);
        try (Progress progress = Progress.start("exporting to Perfetto", exporter::progress)) {
            return exporter.export(recording, out);
        }
    }

    /** The one line an export prints. */
    public static String summary(Path out, PerfettoExporter.Result r) {
        return String.format(Locale.ROOT,
                "wrote %s: %,d events (%d GC%s, %,d packet slices, %,d packets summarised, %,d flows), %,d bytes",
                out, r.events(), r.gcs(), r.gcs() == 1 ? "" : "s", r.packetSlices(), r.summarisedPackets(), r.flows(),
                r.bytes());
    }

    /** The export's options. */
    public PerfettoOptions export() {
        return export;
    }
}
