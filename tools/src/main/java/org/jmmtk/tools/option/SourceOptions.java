package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the program comes from: a built-in workload (with seed and scale) or a trace file. */
public final class SourceOptions {
    @Option(names = "--workload", paramLabel = "NAME",
            description = "Built-in workload (default: " + Workloads.DEFAULT + "); see 'jmmtk workloads'.")
    String workload;

    @Option(names = "--trace", paramLabel = "FILE", description = "Replay a jmmtk trace (text or binary, .gz or not).")
    Path trace;

    @Mixin
    WorkloadOptions workloadOptions;

    /** The selected source; the default workload when neither option is given. */
    public TraceSource open() throws IOException {
        if (workload != null && trace != null) {
            throw new UsageException("give either --workload or --trace, not both");
        }
        if (trace != null) {
            if (workloadOptions.given()) {
                throw new UsageException("--seed and --scale shape a built-in workload; a --trace is replayed as recorded");
            }
            return TraceFormat.open(trace);
        }
        return workloadOptions.create(workload == null ? Workloads.DEFAULT : workload);
    }

    /** "workload" or "trace", for JSON. */
    public String kind() {
        return trace != null ? "trace" : "workload";
    }

    /** The trace to replay, or null for a workload. */
    public Path trace() {
        return trace;
    }
}
