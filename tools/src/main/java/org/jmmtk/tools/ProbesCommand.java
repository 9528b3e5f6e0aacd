package org.jmmtk.tools;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jmmtk.tools.probes.ProbeEvents;
import org.jmmtk.tools.probes.ProbeReport;
import org.jmmtk.tools.probes.RecordedRuns;
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
                "Reports: packet-sizes, slow-path, buckets, gc, packets, scalability. The run's final reachability "
                        + "collection is left out unless --include-final. A recording that holds several runs needs "
                        + "--run N."})
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

    @Option(names = "--run", paramLabel = "N",
            description = "Analyse only the Nth run (1-based) of a recording that holds several.")
    Integer run;

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
        events = selectRun(events);
        if (report == Reports.Kind.SCALABILITY && events.gcs.isEmpty()) {
            throw new UsageException(file + ": the recording holds no collection (no jmmtk.GC event) to analyse");
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

    /** The one run to analyse: never a mix of several runs' events. */
    private ProbeEvents selectRun(ProbeEvents all) {
        RecordedRuns runs = new RecordedRuns(all);
        return runs.count() == 1 && run == null ? all : runs.run(RecordedRuns.checkRun(file, run, runs.count()));
    }
}
