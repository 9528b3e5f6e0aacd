package org.jmmtk.tools.minheap;

import org.jmmtk.tools.error.RunFailedException;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.MaxLiveSizes;
import org.jmmtk.tools.output.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceCache;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;

/**
 * The minimum heap of a plan on a program: {@code minheap}'s search ({@link MinHeapSearch}, to within
 * {@link #PRECISION}, starting at twice the maximum live size), and for {@code --min-heap-factor} the same
 * search done once and cached. For a trace file the cache is {@code <trace>.minheap} beside it (a
 * {@link TraceCache}: valid while the trace's SHA-256 matches), one line per configuration; for a workload
 * it lives in this process, keyed by name, seed and scale, as {@link MaxLiveSizes} keeps its maximum live
 * size. The configuration key is the plan and every option that can change whether a run completes: the
 * geometry as given, the plan's own options, GC and mutator threads, packet capacity, the overhead limit,
 * plugins, sanity and synchronization. Used on a command's thread.
 */
public final class MinHeaps {
    /** The search's precision: the minimum heap is within 1% of a heap seen to fail. */
    static final double PRECISION = 0.01;
    /** What is appended to the trace's file name. */
    public static final String SUFFIX = ".minheap";

    private static final Map<String, Long> WORKLOADS = new ConcurrentHashMap<>();

    private MinHeaps() {
    }

    /** Where the search starts, as {@code minheap} starts without --heap: twice the maximum live size. */
    static long defaultStart(long maxLiveBytes) {
        return Math.min(Options.MAX_HEAP_BYTES, 2 * maxLiveBytes);
    }

    /**
     * {@code minheap}'s search for {@code plan} on {@code src} with {@code options} (its heap varied), above
     * the largest heap that cannot hold the maximum live size, from {@code start} upwards.
     */
    static MinHeapSearch.Result search(Plans.Entry plan, Options options, TraceSource src, long maxLiveBytes,
                                       long start) throws IOException {
        long failing = Math.max(maxLiveBytes, Options.MIN_HEAP_BYTES) - 1;
        return MinHeapSearch.search(failing, Math.max(start, failing + 1), Options.MAX_HEAP_BYTES, PRECISION,
                heap -> completes(plan, options.copy().heapBytes(heap), src));
    }

    private static boolean completes(Plans.Entry plan, Options options, TraceSource src) throws IOException {
        String label = String.format(Locale.ROOT, "minheap %s: %,d bytes", plan.name(), options.heapBytes());
        try (Progress progress = Progress.start(label, src::progress)) {
            return !Simulation.run(plan, options, src).isOutOfMemory();
        }
    }

    /**
     * The minimum heap of {@code plan} on {@code src} (the trace file {@code trace}, or a workload when it is
     * null) with {@code options} and {@code configuration} (the geometry as given, see
     * {@link CollectorOptions#geometryKey()}, and anything else the options do not hold): from the cache, else searched (one line on standard error saying
     * so) and cached. A plan that does not complete even in the largest heap is a {@link RunFailedException}.
     */
    public static long of(Path trace, TraceSource src, Plans.Entry plan, Options options, String configuration)
            throws IOException {
        MaxLive.Result maxLive = MaxLiveSizes.of(trace, src);
        if (maxLive.bytes() == 0) {
            throw new UsageException("--min-heap-factor: the " + (trace != null ? "trace" : "workload")
                    + " has no live data, so it has no minimum heap");
        }
        String key = key(plan, options, configuration);
        TraceCache cache = trace == null ? null : TraceCache.of(trace, SUFFIX);
        Map<String, String> cached = cache == null ? Map.of() : cache.read();
        Long known = cache == null ? WORKLOADS.get(src.describe() + " " + key) : parse(cached.get(key));
        if (known != null) {
            return known;
        }
        MinHeapSearch.Result r = search(plan, options, src, maxLive.bytes(), defaultStart(maxLive.bytes()));
        if (!r.found()) {
            throw new RunFailedException("--min-heap-factor: plan " + plan.name() + " does not complete "
                    + src.describe() + " even in a " + Options.formatBytes(Options.MAX_HEAP_BYTES)
                    + " heap, so it has no minimum heap");
        }
        String where;
        if (cache == null) {
            WORKLOADS.put(src.describe() + " " + key, r.minHeapBytes());
            where = "kept for this process";
        } else {
            Map<String, String> fields = new LinkedHashMap<>(cached);
            fields.put(key, Long.toString(r.minHeapBytes()));
            where = cache.write("jmmtk minimum heaps of " + trace.getFileName() + " by plan and options "
                    + "(docs/metrics.md), valid while the trace's SHA-256 is this one", fields)
                    ? "cached in " + cache.file() : "not cached: cannot write " + cache.file();
        }
        System.err.printf(Locale.ROOT, "minimum heap of %s on %s: %,d bytes (%d runs; %s)%n", plan.name(),
                src.describe(), r.minHeapBytes(), r.runs(), where);
        return r.minHeapBytes();
    }

    private static Long parse(String value) {
        try {
            long bytes = value == null ? -1 : Long.parseLong(value);
            return bytes >= Options.MIN_HEAP_BYTES && bytes <= Options.MAX_HEAP_BYTES ? bytes : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The configuration as one word: {@code semispace/threads=2/mutators=1/0,0,0,0/...}. */
    static String key(Plans.Entry plan, Options o, String configuration) {
        String key = String.join("/", plan.name(), "threads=" + o.threads(), "mutators=" + o.mutatorThreads(),
                configuration, "packet=" + o.packetCapacity(), "options=" + new TreeMap<>(o.planOptions().asMap()),
                "overhead=" + o.overheadLimit(),
                "lock=" + o.pageResourceLock(), "plugins=" + String.join("+", o.plugins()), "sanity=" + o.sanity(),
                "sync=" + o.sync(), "granule=" + o.granule());
        return key.replaceAll("\\s+", "_");
    }
}
