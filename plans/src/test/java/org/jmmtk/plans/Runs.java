package org.jmmtk.plans;

import java.io.IOException;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TeedSource;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;

/** Small, GC-heavy configurations of every workload for tests. */
public final class Runs {
    public static final double SCALE = 0.05;

    private Runs() {
    }

    public static Workload workload(String name) {
        // random's live size does not shrink below scale 1, so a smaller scale would only shorten it
        double scale = name.equals("random") ? 1 : SCALE;
        return Workloads.REGISTRY.find(name).orElseThrow().factory().create(Workloads.DEFAULT_SEED, scale);
    }

    /** A heap small enough to collect often and large enough for the workload's live data on any plan. */
    public static long heapFor(String workload) {
        return switch (workload) {
            case "binarytrees", "queue" -> 1L << 20;
            case "widetree" -> 4L << 20;
            case "cache" -> 12L << 20;
            case "random" -> 2L << 20;
            case "search" -> 512L << 10;
            case "sharing" -> 256L << 10;
            default -> 3L << 20;
        };
    }

    /** {@code workload} replayed to the replay binding and, after each event, to {@code also} (a shadow heap). */
    public static TraceSource teed(Workload workload, TraceEvents also) {
        return new TeedSource(workload, also);
    }

    public static RunResult run(String plan, TraceSource source, long heap, int threads, Simulation.Setup setup)
            throws IOException {
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(heap).threads(threads).sanity(true);
        return Simulation.run(p, options, source, setup);
    }
}
