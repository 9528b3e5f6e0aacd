package org.jmmtk.bindings.lifetimes;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.BruteForceLifetimes;
import org.jmmtk.bindings.trace.FilteredSource;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.plugins.filip.FinalizationSampler;
import org.jmmtk.plugins.merlin.DeathSink;
import org.jmmtk.plugins.merlin.MerlinPlugin;

/**
 * Perfect traces: the deaths of a program by either method, and the program's records with them
 * inserted (see {@code docs/merlin.md} for the definition). The engine of {@code jmmtk lifetimes}, and
 * what a study uses to make the perfect trace it granulates.
 */
public final class Lifetimes {
    /** How the deaths are found. */
    public enum Method {
        /** The Merlin plugin on a replay of the program by a collector plan. */
        merlin,
        /** A walk of the whole graph before every allocation: the oracle. */
        bruteforce,
        /** FiLiP: deaths of 1 in N allocations as a collection observes them (late, never early). */
        sampled
    }

    private Lifetimes() {
    }

    /**
     * The deaths of {@code source} by Merlin, replayed by {@code plan} with {@code options}, into
     * {@code deaths}. The replay makes no collection at {@code C} records ({@link WithoutCollections}).
     * Returns the run: when it ran out of memory, the deaths are incomplete.
     */
    public static RunResult merlin(PlanProvider plan, Options options, TraceSource source,
                                   DeathSink deaths) throws IOException {
        return Simulation.run(plan, options, new WithoutCollections(source), (mmtk, binding) -> { },
                List.of(new MerlinPlugin(deaths)));
    }

    /**
     * The deaths of 1 in {@code oneIn} allocations of {@code source} as finalization observes them (the
     * {@link FinalizationSampler} plugin, with its ephemerons allocated in the heap by {@link Ephemerons}),
     * replayed by {@code plan} without {@code C} records as Merlin's replay is, into {@code deaths}.
     */
    public static RunResult sampled(PlanProvider plan, Options options, TraceSource source, int oneIn,
                                    DeathSink deaths) throws IOException {
        return sampled(plan, options, source, oneIn, false, deaths);
    }

    /** As above; {@code pretenure}: the ephemerons are allocated straight into the mature space (FiLiP's pretenuring). */
    public static RunResult sampled(PlanProvider plan, Options options, TraceSource source, int oneIn,
                                    boolean pretenure, DeathSink deaths) throws IOException {
        FinalizationSampler sampler = new FinalizationSampler(oneIn, deaths);
        TraceSource profiled = withEphemerons(new WithoutCollections(source), sampler);
        return Simulation.run(plan, options, profiled, (mmtk, binding) -> {
            if (pretenure) {
                binding.pretenure(FinalizationSampler.EPHEMERON_TYPE);
            }
        }, List.of(sampler));
    }

    /**
     * {@code source} with the ephemerons of {@code sampler} (which must be a plugin of the run that
     * replays it) allocated, linked and unlinked in the heap as the program runs ({@link Ephemerons}).
     */
    public static TraceSource withEphemerons(TraceSource source, FinalizationSampler sampler) {
        return new FilteredSource(source, out -> new Ephemerons(out, sampler), "");
    }

    /** The deaths of {@code source} by brute force, into {@code deaths}. */
    public static void bruteForce(TraceSource source, DeathSink deaths) throws IOException {
        BruteForceLifetimes oracle = new BruteForceLifetimes(deaths);
        source.replay(oracle);
        oracle.finish();
    }

    /** Replays {@code source} into {@code out} with every death of {@code deaths} in its place. */
    public static void insert(TraceSource source, DeathLog deaths, TraceEvents out) throws IOException {
        DeathInserter inserter = new DeathInserter(out, deaths.sorted());
        source.replay(inserter);
        inserter.finish();
    }
}
