package org.jmmtk.tools;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Option;

/** Where the program comes from: a built-in workload (with seed and scale) or a trace file. */
final class SourceOptions {
    @Option(names = "--workload", paramLabel = "NAME",
            description = "Built-in workload (default: " + Workloads.DEFAULT + "); see 'jmmtk workloads'.")
    String workload;

    @Option(names = "--trace", paramLabel = "FILE", description = "Replay a jmmtk trace (text or binary, .gz or not).")
    Path trace;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Workload seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--scale", paramLabel = "X", defaultValue = "1.0",
            description = "Workload size factor (default: ${DEFAULT-VALUE}).")
    double scale;

    /** The selected source; the default workload when neither option is given. */
    TraceSource open() throws IOException {
        if (workload != null && trace != null) {
            throw new UsageException("give either --workload or --trace, not both");
        }
        if (trace != null) {
            return TraceFormat.open(trace);
        }
        return workload(workload == null ? Workloads.DEFAULT : workload, seed, scale);
    }

    static TraceSource workload(String name, long seed, double scale) {
        if (!(scale > 0) || scale > 1e6) {
            throw new UsageException("--scale must be a positive number, got " + scale);
        }
        Workloads.Entry e = Workloads.find(name).orElseThrow(() ->
                new UsageException("unknown workload '" + name + "'; valid workloads: " + Workloads.names()));
        return e.factory().create(seed, scale);
    }

    /** "workload" or "trace", for JSON. */
    String kind() {
        return trace != null ? "trace" : "workload";
    }
}
