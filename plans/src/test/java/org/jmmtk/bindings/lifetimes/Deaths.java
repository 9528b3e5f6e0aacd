package org.jmmtk.bindings.lifetimes;

import java.io.IOException;
import java.util.List;
import java.util.TreeMap;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.plugins.merlin.DeathSink;
import org.jmmtk.plugins.merlin.MerlinPlugin;

/** Deaths by id, as each method finds them; a death reported twice is an error. */
final class Deaths implements DeathSink {
    final TreeMap<Long, Long> byId = new TreeMap<>();

    @Override
    public void died(long id, long deathPoint) {
        Long before = byId.put(id, deathPoint);
        if (before != null) {
            throw new AssertionError("object " + id + " died twice: at " + before + " and at " + deathPoint);
        }
    }

    static TreeMap<Long, Long> oracle(TraceSource trace) throws IOException {
        LifetimeOracle oracle = new LifetimeOracle();
        trace.replay(oracle);
        return oracle.deaths();
    }

    static TreeMap<Long, Long> bruteForce(TraceSource trace) throws IOException {
        Deaths d = new Deaths();
        Lifetimes.bruteForce(trace, d);
        return d.byId;
    }

    /**
     * Merlin's deaths on {@code plan}, in the smallest of a few heaps (from tight to roomy) it completes
     * in: the plugin on a plain replay, so {@code C} records collect (the trace must be valid there too).
     */
    static TreeMap<Long, Long> merlin(String plan, TraceSource trace, int gcThreads) throws IOException {
        return merlin(plan, trace, gcThreads, true);
    }

    /** As {@link #merlin(String, TraceSource, int)}; {@code plugin} false: through {@link Lifetimes#merlin}, which ignores {@code C}. */
    static TreeMap<Long, Long> merlin(String plan, TraceSource trace, int gcThreads, boolean plugin) throws IOException {
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = options(plan, trace, gcThreads);
        for (double factor : new double[] {0.5, 1, 4}) {
            Deaths d = new Deaths();
            Options o = options.copy().heapBytes((long) (factor * options.heapBytes()));
            RunResult r = plugin
                    ? Simulation.run(p, o, trace, (m, b) -> { }, List.of(new MerlinPlugin(d)))
                    : Lifetimes.merlin(p, o, trace, d);
            if (!r.isOutOfMemory()) {
                return d.byId;
            }
        }
        throw new AssertionError(plan + " ran out of memory even in " + 4 * options.heapBytes() + " bytes");
    }

    /** A heap that makes a collecting plan collect often, and one that holds everything for nogc. */
    static Options options(String plan, TraceSource trace, int gcThreads) throws IOException {
        long heap;
        if (plan.equals("nogc")) {
            long[] total = new long[1];
            trace.replay(new org.jmmtk.bindings.trace.TeeEvents(new Allocated(total), new Allocated(new long[1])));
            heap = 2 * total[0] + (256 << 10);
        } else {
            heap = 4 * MaxLive.of(trace).bytes() + (16 << 10);
        }
        return new Options().heapBytes(heap).threads(gcThreads).sanity(true);
    }

    private static final class Allocated extends org.jmmtk.bindings.trace.IgnoringEvents {
        private final long[] total;

        Allocated(long[] total) {
            this.total = total;
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            total[0] += bytes + 8L * refSlots + 16;
        }
    }
}
