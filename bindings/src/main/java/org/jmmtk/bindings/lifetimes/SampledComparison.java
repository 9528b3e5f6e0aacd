package org.jmmtk.bindings.lifetimes;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.plugins.merlin.DeathSink;

/**
 * Finalization-sampled lifetimes against Merlin's exact ones on one trace and plan (FiLiP's precision
 * question): for each sampling rate, per type and overall, the delay with which deaths are observed,
 * the fraction observed, how far the observed lifetime distribution is from the exact one
 * (Kolmogorov-Smirnov distance), and what the profiler's ephemerons cost the collector. Time is counted
 * in allocations. A lifetime runs from an object's allocation to its death point, or to the end of the
 * trace for an object that never dies (exact) or whose death is never observed (sampled), so objects
 * kept alive to the end weigh in with their whole remaining run, as in FiLiP. The exact distribution is
 * over every object, the observed one over the sampled objects. Holds the trace's ids in memory.
 */
public final class SampledComparison {
    /** What one rate (or the exact method, {@code oneIn} 0) found for a type (or {@code typeId} -1: all). */
    public record Stats(int typeId, String type, long objects, long deaths, long observed, double fractionObserved,
                        double delayMean, long delayMedian, long delayP95, double ksDistance,
                        double meanLifetimeExact, double meanLifetimeObserved) {
    }

    /**
     * One sampling rate: its run (with the ephemerons), the overall and per-type statistics, the
     * lifetimes, and the run with the ephemerons pretenured (null unless asked for).
     */
    public record Rate(int oneIn, RunResult run, Stats overall, List<Stats> types, long[] observedLifetimes,
                       RunResult pretenuredRun) {
    }

    /** The comparison: the exact run (Merlin's, whose heap holds no profiler objects: the baseline cost). */
    public record Report(String plan, long allocations, RunResult exactRun, long[] exactLifetimes, List<Rate> rates) {
    }

    private final LongArrayList ids = new LongArrayList();
    private final IntArrayList typeOfIndex = new IntArrayList();
    private final Map<Integer, String> typeNames = new TreeMap<>();

    private SampledComparison() {
    }

    /**
     * Compares at each rate {@code 1/oneIn} of {@code rates}, with {@code plan} in {@code options}' heap;
     * with {@code pretenure}, each rate also runs with the ephemerons pretenured (for its cost only).
     */
    public static Report compare(PlanProvider plan, Options options, TraceSource source, int[] rates,
                                 boolean pretenure) throws IOException {
        SampledComparison c = new SampledComparison();
        source.replay(c.new Allocations());
        long end = c.ids.size();
        Long2LongOpenHashMap exact = new Long2LongOpenHashMap();
        RunResult exactRun = Lifetimes.merlin(plan, options, source, exact::put);
        if (exactRun.isOutOfMemory()) {
            return new Report(plan.name(), end, exactRun, new long[0], List.of());
        }
        long[] exactLifetimes = c.lifetimes(exact, 1, end);
        List<Rate> out = new ArrayList<>();
        for (int oneIn : rates) {
            Long2LongOpenHashMap observed = new Long2LongOpenHashMap();
            RunResult run = Lifetimes.sampled(plan, options, source, oneIn, observed::put);
            if (run.isOutOfMemory()) {
                out.add(new Rate(oneIn, run, null, List.of(), new long[0], null));
                continue;
            }
            RunResult pretenured = pretenure
                    ? Lifetimes.sampled(plan, options, source, oneIn, true, DeathSink.NONE) : null;
            List<Stats> types = new ArrayList<>();
            for (int type : c.typeNames.keySet()) {
                types.add(c.stats(type, exact, observed, oneIn, end));
            }
            out.add(new Rate(oneIn, run, c.stats(-1, exact, observed, oneIn, end), types, c.lifetimes(observed, oneIn, end),
                    pretenured));
        }
        return new Report(plan.name(), end, exactRun, exactLifetimes, out);
    }

    /** The type names of {@code source} (from its T records, "type N" for types it only uses), by type id. */
    public static Map<Integer, String> typeNames(TraceSource source) throws IOException {
        SampledComparison c = new SampledComparison();
        source.replay(c.new Allocations());
        return c.typeNames;
    }

    /** Lifetimes of every {@code oneIn}-th object (index 0, N, 2N ...), to its death in {@code deaths} or to the end. */
    private long[] lifetimes(Long2LongOpenHashMap deaths, int oneIn, long end) {
        long[] out = new long[(int) ((ids.size() + oneIn - 1) / oneIn)];
        for (int i = 0, k = 0; i < ids.size(); i += oneIn, k++) {
            long death = deaths.getOrDefault(ids.getLong(i), end);
            out[k] = death - (i + 1);
        }
        return out;
    }

    private Stats stats(int type, Long2LongOpenHashMap exact, Long2LongOpenHashMap observed, int oneIn, long end) {
        LongArrayList delays = new LongArrayList();
        LongArrayList exactAll = new LongArrayList();
        LongArrayList observedSampled = new LongArrayList();
        long objects = 0;
        long deaths = 0;
        for (int i = 0; i < ids.size(); i++) {
            if (type >= 0 && typeOfIndex.getInt(i) != type) {
                continue;
            }
            long id = ids.getLong(i);
            long e = exact.getOrDefault(id, -1);
            exactAll.add((e < 0 ? end : e) - (i + 1));
            if (i % oneIn != 0) {
                continue;
            }
            objects++;
            long o = observed.getOrDefault(id, -1);
            observedSampled.add((o < 0 ? end : o) - (i + 1));
            if (e >= 0) {
                deaths++;
                if (o >= 0) {
                    delays.add(o - e);
                }
            }
        }
        long[] d = delays.toLongArray();
        Arrays.sort(d);
        long[] ex = exactAll.toLongArray();
        long[] ob = observedSampled.toLongArray();
        Arrays.sort(ex);
        Arrays.sort(ob);
        return new Stats(type, type < 0 ? "all" : typeNames.get(type), objects, deaths, d.length,
                deaths == 0 ? Double.NaN : (double) d.length / deaths, mean(d), percentile(d, 50), percentile(d, 95),
                ksDistance(ex, ob), mean(ex), mean(ob));
    }

    private static double mean(long[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (long x : v) {
            sum += x;
        }
        return sum / v.length;
    }

    /** The nearest-rank percentile of sorted {@code v}; -1 if empty. */
    static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return -1;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    /** The two-sample Kolmogorov-Smirnov distance of sorted samples: the largest gap between their CDFs. */
    static double ksDistance(long[] a, long[] b) {
        if (a.length == 0 || b.length == 0) {
            return Double.NaN;
        }
        int i = 0;
        int j = 0;
        double max = 0;
        while (i < a.length && j < b.length) {
            long x = Math.min(a[i], b[j]);
            while (i < a.length && a[i] == x) {
                i++;
            }
            while (j < b.length && b[j] == x) {
                j++;
            }
            max = Math.max(max, Math.abs((double) i / a.length - (double) j / b.length));
        }
        return max;
    }

    /** Collects each allocation's id and type, and the type names. */
    private final class Allocations extends IgnoringEvents {
        @Override
        public void type(int typeId, String name) {
            typeNames.put(typeId, name);
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            ids.add(object);
            typeOfIndex.add(typeId);
            typeNames.putIfAbsent(typeId, "type " + typeId);
        }
    }
}
