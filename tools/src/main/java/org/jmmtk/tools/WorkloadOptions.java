package org.jmmtk.tools;

import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Option;

/**
 * How a built-in workload is made: {@code --seed} and {@code --scale}, shared by {@code run},
 * {@code sweep} and {@code trace gen}. Filled in by picocli on the command's thread.
 */
final class WorkloadOptions {
    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + Workloads.DEFAULT_SEED,
            description = "Workload seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--scale", paramLabel = "X", defaultValue = "1.0",
            description = "Workload size factor (default: ${DEFAULT-VALUE}).")
    double scale;

    /** The workload called {@code name}; bad usage for an unknown name or a scale out of range. */
    TraceSource create(String name) {
        if (!(scale > 0) || scale > 1e6) {
            throw new UsageException("--scale must be a positive number, got " + scale);
        }
        Workloads.Entry e = Workloads.REGISTRY.find(name).orElseThrow(() ->
                new UsageException("unknown workload '" + name + "'; valid workloads: " + Workloads.REGISTRY.names()));
        return e.factory().create(seed, scale);
    }
}
