package org.jmmtk.tools.probes;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.output.Json;
import org.jmmtk.tools.output.OutputDirectory;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
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
                        + "--run N.",
                "--report slow-path --compare A.jfr B.jfr overlays two recordings' slow-path and contended-time CDFs "
                        + "(plots with --out-dir)."})
public final class ProbesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "0..1", description = "A .jfr recording.")
    Path file;

    @Option(names = "--compare", arity = "2", paramLabel = "FILE",
            description = "With --report slow-path, instead of FILE: compare two recordings A and B side by side "
                    + "(the MPLR'23 paper's Figure 6); --out-dir writes both CDFs overlaid as PNG and SVG.")
    List<Path> compare;

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
        if (compare != null) {
            return compare();
        }
        if (file == null) {
            throw new UsageException("give a recording FILE (or --compare A.jfr B.jfr with --report slow-path)");
        }
        out.check(file);
        ProbeEvents events = selectRun(file, read(file));
        if (report == Reports.Kind.SCALABILITY && events.gcs.isEmpty()) {
            throw new UsageException(file + ": the recording holds no collection (no jmmtk.GC event) to analyse");
        }
        return print(Reports.create(report, includeFinal ? events : Reports.withoutFinal(events)), List.of(file));
    }

    /** Prints {@code r} as a table or JSON (naming its one recording, or both compared), writes its files. */
    private int print(ProbeReport r, List<Path> recordings) throws java.io.IOException {
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
            try (JsonGenerator g = Json.pretty(o)) {
                g.writeStartObject();
                if (recordings.size() == 1) {
                    g.writeStringField("recording", recordings.get(0).toString());
                } else {
                    g.writeArrayFieldStart("recordings");
                    for (Path p : recordings) {
                        g.writeString(p.toString());
                    }
                    g.writeEndArray();
                }
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

    /** {@code --compare A B}: two recordings' slow paths side by side. */
    private int compare() throws java.io.IOException {
        if (file != null) {
            throw new UsageException("give either FILE or --compare A.jfr B.jfr, not both");
        }
        if (report != Reports.Kind.SLOW_PATH) {
            throw new UsageException("--compare works with --report slow-path only, not --report " + report.label());
        }
        out.check(compare.get(0), compare.get(1));
        List<String> names = SlowPathComparison.names(compare.get(0), compare.get(1));
        SlowPathComparison.Side[] sides = new SlowPathComparison.Side[2];
        for (int i = 0; i < 2; i++) {
            ProbeEvents events = selectRun(compare.get(i), read(compare.get(i)));
            sides[i] = new SlowPathComparison.Side(names.get(i), includeFinal ? events : Reports.withoutFinal(events));
        }
        return print(new SlowPathComparison(sides[0], sides[1]), compare);
    }

    /** Every jmmtk event of {@code recording}; bad input if it is unreadable or holds none. */
    private static ProbeEvents read(Path recording) {
        ProbeEvents events;
        try {
            events = ProbeEvents.read(recording);
        } catch (java.io.IOException e) {
            throw new UsageException(recording + ": not a readable JFR recording (" + e.getMessage() + ")");
        }
        if (events.isEmpty()) {
            throw new UsageException(recording + ": the recording holds no jmmtk events");
        }
        return events;
    }

    /** The one run of {@code file} to analyse: never a mix of several runs' events. */
    private ProbeEvents selectRun(Path file, ProbeEvents all) {
        return new RecordedRuns(all).select(file, run);
    }
}
