package org.jmmtk.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;

/**
 * One program the kit replays: a built-in workload for a seed (by default {@code random}: two mutator
 * threads storing random references, so the live size rises and falls) and its exact maximum live size,
 * which sizes the heaps. Immutable; each {@link #source()} is a fresh replay.
 */
record TestProgram(String workload, long seed, double scale, long maxLiveBytes) {
    static TestProgram of(String workload, long seed, double scale) {
        TestProgram p = new TestProgram(workload, seed, scale, 0);
        try {
            return new TestProgram(workload, seed, scale, MaxLive.of(p.source()).bytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Workload source() {
        return Workloads.REGISTRY.find(workload)
                .orElseThrow(() -> new IllegalArgumentException("no workload '" + workload + "'; valid workloads: "
                        + Workloads.REGISTRY.names()))
                .factory().create(seed, scale);
    }

    /** A heap of {@code factor} times the maximum live size (at least 1 KiB, the smallest heap jmmtk simulates). */
    long heap(double factor) {
        return Math.max(1024, (long) Math.ceil(factor * maxLiveBytes));
    }

    @Override
    public String toString() {
        return workload + " seed " + seed;
    }
}
