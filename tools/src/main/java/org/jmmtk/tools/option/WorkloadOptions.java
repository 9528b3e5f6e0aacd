package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Option;

/**
 * How a built-in workload is made: {@code --seed} and {@code --scale}, shared by {@code run},
 * {@code sweep} and {@code trace gen}. Filled in by picocli on the command's thread.
 */
public final class WorkloadOptions {
    private static final double MAX_SCALE = 1e6;

    @Option(names = "--seed", paramLabel = "N", description = "Workload seed (default: " + Workloads.DEFAULT_SEED + ").")
    Long seed;

    @Option(names = "--scale", paramLabel = "X", description = "Workload size factor (default: 1.0).")
    Double scale;

    /** Whether --seed or --scale was given (they make no sense with a trace). */
    boolean given() {
        return seed != null || scale != null;
    }

    /** The workload called {@code name}; bad usage for an unknown name or a scale out of range. */
    public TraceSource create(String name) {
        long seed = this.seed == null ? Workloads.DEFAULT_SEED : this.seed;
        double scale = this.scale == null ? 1.0 : this.scale;
        if (!(scale > 0) || scale > MAX_SCALE) {
            throw new UsageException("--scale must be a positive number up to " + HeapFactorOption.plain(MAX_SCALE)
                    + ", got " + scale);
        }
        Workloads.Entry e = Workloads.REGISTRY.find(name).orElseThrow(() ->
                new UsageException("unknown workload " + Quote.of(name) + "; valid workloads: " + Workloads.REGISTRY.names()));
        return e.factory().create(seed, scale);
    }
}
