package org.jmmtk.bindings.replay;

import java.io.IOException;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.core.SimulatedOutOfMemoryError;
import org.jmmtk.core.plan.PlanFactory;

/**
 * Runs one plan on one trace source: builds an MMTK instance with the replay binding, replays every
 * event, runs the final collection and gathers the {@link RunResult}. A simulated out-of-memory ends
 * the replay early and is part of the result, not an exception.
 */
public final class Simulation {
    /** Called with the new instance before replay starts, e.g. to add GC listeners. */
    @FunctionalInterface
    public interface Setup {
        void prepare(MMTK mmtk, ReplayBinding binding);
    }

    private Simulation() {
    }

    public static RunResult run(String planName, PlanFactory plan, Options options, TraceSource source)
            throws IOException {
        return run(planName, plan, options, source, (mmtk, binding) -> { });
    }

    public static RunResult run(String planName, PlanFactory plan, Options options, TraceSource source, Setup setup)
            throws IOException {
        long start = System.nanoTime();
        ReplayBinding binding = new ReplayBinding();
        try (MMTK mmtk = new MMTK(options, binding, plan)) {
            setup.prepare(mmtk, binding);
            ReplayBinding.LiveSet live = null;
            String outOfMemory = null;
            try {
                source.replay(binding);
                live = binding.finish();
            } catch (SimulatedOutOfMemoryError e) {
                outOfMemory = e.getMessage();
            }
            return RunResult.of(planName, source.describe(), mmtk, live, outOfMemory, System.nanoTime() - start);
        }
    }
}
