package org.jmmtk.tools;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jmmtk.tools.probes.ProbeEvents;
import org.jmmtk.tools.probes.ProbeReport;
import org.jmmtk.tools.probes.Reports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jmmtk probes}: analyses of a recording of jmmtk's tracepoints (like the MPLR'23 paper's bpftrace scripts). */
@Command(name = "probes", sortOptions = false,
        description = {"Analyse a JFR recording of jmmtk's tracepoints (from 'run --jfr' or 'jcmd <pid> JFR.start').",
                "Reports: packet-sizes, slow-path, buckets, gc, packets. The run's final reachability "
                        + "collection is left out unless --include-final."})
final class ProbesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "A .jfr recording.")
    Path file;

    @Option(names = "--report", paramLabel = "R", required = true, description = "One of: ${COMPLETION-CANDIDATES}.")
    Reports.Kind report;

    @Option(names = "--json", description = "Print the report as one JSON object.")
    boolean json;

    @Mixin
    OutputDirectory out;

    @Option(names = "--include-final", description = "Include the final reachability collection of a run.")
    boolean includeFinal;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        out.check();
        ProbeEvents events;
        try {
            events = ProbeEvents.read(file);
        } catch (java.io.IOException e) {
            throw new UsageException(file + ": not a readable JFR recording (" + e.getMessage() + ")");
        }
        if (events.isEmpty()) {
            throw new UsageException(file + ": the recording holds no jmmtk events");
        }
        ProbeReport r = Reports.create(report, includeFinal ? events : Reports.withoutFinal(events));
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            try (JsonGenerator g = Json.pretty(o)) {
                g.writeStartObject();
                g.writeStringField("recording", file.toString());
                g.writeStringField("report", report.label());
                r.json(g);
                g.writeEndObject();
            }
            o.println();
        } else {
            r.table(o);
        }
        if (out.dir() != null) {
            List<Path> files = r.files(out.dir());
            if (!json) {
                o.println("wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
            }
        }
        o.flush();
        return ExitCodes.OK;
    }
}
