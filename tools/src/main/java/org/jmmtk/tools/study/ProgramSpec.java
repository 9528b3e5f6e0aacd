package org.jmmtk.tools.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.tools.option.HeapFactorOption;

/**
 * One program of a study: a trace file (absolute path) or a built-in workload with its seed and scale,
 * under the name its results go by. Immutable.
 *
 * @param name     the {@code trace} or {@code workload} column's value and a part of each task's file name
 * @param trace    the trace file, or null for a workload
 * @param workload the workload, or null for a trace
 */
record ProgramSpec(String name, Path trace, String workload, long seed, double scale) {
    static ProgramSpec trace(String name, Path file) {
        return new ProgramSpec(name, file.toAbsolutePath().normalize(), null, 0, 0);
    }

    static ProgramSpec workload(String workload, long seed, double scale) {
        return new ProgramSpec(workload + "-s" + seed + "-x" + Names.number(scale), null, workload, seed, scale);
    }

    boolean isTrace() {
        return trace != null;
    }

    /** The {@code run} options that select it. */
    List<String> runArgs() {
        return isTrace() ? List.of("--trace", trace.toString())
                : List.of("--workload", workload, "--seed", Long.toString(seed), "--scale", HeapFactorOption.plain(scale));
    }

    /** Opens it to replay (for its maximum live size). */
    TraceSource open() throws IOException {
        return isTrace() ? TraceFormat.open(trace)
                : Workloads.REGISTRY.find(workload).orElseThrow().factory().create(seed, scale);
    }

    /** For messages: {@code trace /x/bt.trace}, {@code workload random (seed 1, scale 4)}. */
    String describe() {
        return isTrace() ? "trace " + trace : "workload " + workload + " (seed " + seed + ", scale "
                + HeapFactorOption.plain(scale) + ")";
    }
}
