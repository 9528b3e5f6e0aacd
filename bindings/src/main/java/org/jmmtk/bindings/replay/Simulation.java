package org.jmmtk.bindings.replay;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.Plugins;
import org.jmmtk.core.collection.Statistics;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import org.jmmtk.core.plan.PlanProvider;

/**
 * Runs one plan on one trace source: builds an MMTK instance with the replay binding and the plugins
 * the options name, replays every event (on one thread, under {@code --sync} with the trace's deaths
 * deciding liveness, or on several mutator threads), runs the final collection and gathers the
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

    public static RunResult run(PlanProvider plan, Options options, TraceSource source)
            throws IOException {
        return run(plan, options, source, (mmtk, binding) -> { });
    }

    public static RunResult run(PlanProvider plan, Options options, TraceSource source, Setup setup)
            throws IOException {
        return run(plan, options, source, setup, List.of());
    }

    /**
     * Refuses several mutator threads where one global order of events is needed: a synchronized
     * replay of death records, and plugins that watch the mutators' events (their hooks assume one
     * mutator thread at a time, and Merlin's timestamps follow the trace's order).
     */
    public static void checkMutatorThreads(Options options, List<Plugin> extraPlugins) {
        int n = options.mutatorThreads();
        if (n == 1) {
            return;
        }
        if (options.pacing().concurrent()) {
            throw new IllegalArgumentException("--mutator-threads " + n + ": a concurrent plan's collector is paced by "
                    + "the records of one global order (--pacing " + options.pacing() + "); use --mutator-threads 1");
        }
        if (options.sync() != null) {
            throw new IllegalArgumentException("--mutator-threads " + n + ": --sync replays the trace's deaths in "
                    + "one global order; use --mutator-threads 1");
        }
        List<String> ordered = new ArrayList<>();
        for (String name : options.plugins()) {
            if (needsOneOrder(Plugins.REGISTRY.find(name).orElseThrow().factory().get())) {
                ordered.add(name);
            }
        }
        for (Plugin p : extraPlugins) {
            if (needsOneOrder(p)) {
                ordered.add(p.name());
            }
        }
        if (!ordered.isEmpty()) {
            throw new IllegalArgumentException("--mutator-threads " + n + ": plugin" + (ordered.size() > 1 ? "s " : " ")
                    + String.join(", ", ordered) + " observe" + (ordered.size() > 1 ? "" : "s")
                    + " the mutators' events in one global order; use --mutator-threads 1");
        }
    }

    private static boolean needsOneOrder(Plugin p) {
        return (p.interests() & (Plugin.ON_ALLOC | Plugin.ON_POINTER_STORE | Plugin.ON_ROOT_STORE)) != 0;
    }

    /** A run whose heap events also go to {@code extraPlugins}, after the plugins the options name. */
    public static RunResult run(PlanProvider plan, Options options, TraceSource source, Setup setup,
                                List<Plugin> extraPlugins) throws IOException {
        checkMutatorThreads(options, extraPlugins);
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
            mmtk.statistics().runStats().startClock();
            long wall;
            ParallelStats parallel = null;
            try {
                EventExecutor executor = new EventExecutor(binding);
                if (options.mutatorThreads() > 1) {
                    parallel = ParallelReplay.run(executor, source, options.mutatorThreads());
                } else {
                    SequentialReplay replay = new SequentialReplay(executor);
                    source.replay(options.sync() == null ? replay : new SyncReplay(replay, binding));
                }
                wall = mmtk.statistics().runStats().clockNanos();
                Statistics stats = mmtk.statistics();
                stats.runStats().heapUsage(stats.bytesAllocated(), stats.usedBytes());
                live = binding.finish();
            } catch (SimulatedOutOfMemoryError e) {
                wall = mmtk.statistics().runStats().clockNanos();
                outOfMemory = e.getMessage();
            }
            return RunResult.of(plan.name(), source.describe(), mmtk, live, outOfMemory, wall, parallel);
        }
    }
}
