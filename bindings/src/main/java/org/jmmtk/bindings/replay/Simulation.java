package org.jmmtk.bindings.replay;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.Plugins;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import org.jmmtk.core.plan.PlanFactory;

/**
 * Runs one plan on one trace source: builds an MMTK instance with the replay binding and the plugins
 * the options name, replays every event, runs the final collection and gathers the
 * {@link RunResult}. The run's clock (and its wall time) covers the replay only: from its first event
 * to its last, the final collection excluded. A simulated out-of-memory ends the replay early and is
 * part of the result, not an exception.
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
        return run(planName, plan, options, source, setup, List.of());
    }

    /** A run whose heap events also go to {@code extraPlugins}, after the plugins the options name. */
    public static RunResult run(String planName, PlanFactory plan, Options options, TraceSource source, Setup setup,
                                List<Plugin> extraPlugins) throws IOException {
        List<Plugin> plugins = new ArrayList<>();
        for (String name : options.plugins()) {
            plugins.add(Plugins.REGISTRY.find(name).orElseThrow().factory().get());
        }
        plugins.addAll(extraPlugins);
        ReplayBinding binding = new ReplayBinding();
        try (MMTK mmtk = new MMTK(options, binding, plan, plugins)) {
            setup.prepare(mmtk, binding);
            ReplayBinding.LiveSet live = null;
            String outOfMemory = null;
            mmtk.stats().startClock();
            long wall;
            try {
                source.replay(binding);
                wall = mmtk.stats().clockNanos();
                mmtk.stats().heapUsage(mmtk.bytesAllocated(), mmtk.usedBytes());
                live = binding.finish();
            } catch (SimulatedOutOfMemoryError e) {
                wall = mmtk.stats().clockNanos();
                outOfMemory = e.getMessage();
            }
            return RunResult.of(planName, source.describe(), mmtk, live, outOfMemory, wall);
        }
    }
}
