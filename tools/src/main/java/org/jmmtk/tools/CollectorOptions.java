package org.jmmtk.tools;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.OverheadLimit;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Option;

/**
 * Options that choose and size the collector: plan, heap and its geometry, GC threads, packet
 * capacity, the GC-overhead limit, plugins, sanity checks, the nursery of plans with a fixed nursery.
 */
final class CollectorOptions {
    /** The plans whose nursery has a size of its own, the only ones {@code --nursery} applies to. */
    static final List<String> NURSERY_PLANS = List.of("gencopy", "genimmix", "serial");
    /** The plans with survivor spaces, the only ones {@code --survivor-ratio} and {@code --max-tenuring-threshold} apply to. */
    static final List<String> SURVIVOR_PLANS = List.of("serial");
    /** The plans with a collection window, the only ones {@code --window} applies to. */
    static final List<String> WINDOW_PLANS = List.of("olderfirst");

    @Option(names = "--plan", paramLabel = "NAME", description = "Collector plan (default: ${DEFAULT-VALUE}); see 'jmmtk plans'.",
            defaultValue = Plans.DEFAULT)
    String plan;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "32m",
            description = "Heap budget, with optional k/m/g suffix (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--page-size", paramLabel = "SIZE",
            description = "Page size, the unit of the heap budget (default: scales with the heap, 64 B..4 KiB).")
    String pageSize;

    @Option(names = "--block-size", paramLabel = "SIZE",
            description = "Block size of block-structured spaces, mark-sweep and Immix (default: scales with the heap, "
                    + "up to 64 KiB for mark-sweep, 32 KiB for Immix).")
    String blockSize;

    @Option(names = "--line-size", paramLabel = "SIZE",
            description = "Line size of Immix spaces (default: scales with the heap, 64 B..256 B).")
    String lineSize;

    @Option(names = "--tlab-size", paramLabel = "SIZE",
            description = "Thread-local allocation buffer of bump allocators (default: scales with the heap, up to 32 KiB).")
    String tlabSize;

    @Option(names = "--packet-capacity", paramLabel = "N", defaultValue = "4096",
            description = "The most edges a ProcessEdges packet carries, and traces "
                    + "(default: ${DEFAULT-VALUE}, MMTk's constant).")
    int packetCapacity;

    @Option(names = "--gc-overhead-limit", paramLabel = "GC%,FREE%,N|off", defaultValue = "98,2,5",
            description = "Out of memory after N collections in a row that each did more than GC%% of the work and "
                    + "left less than FREE%% of the heap free (default: ${DEFAULT-VALUE}, HotSpot's; see docs/metrics.md).")
    String overheadLimit;

    @Option(names = "--plugin", paramLabel = "NAME",
            description = "Enable a plugin that observes the heap's events (repeatable); see 'jmmtk plugins'.")
    List<String> plugins = new ArrayList<>();

    @Option(names = "--nursery", paramLabel = "SIZE",
            description = "Nursery size of plans with a fixed-size nursery (gencopy, genimmix; default: a quarter of the heap, "
                    + "at most half of it), or the young generation of serial (as -Xmn; default: a third of the heap). "
                    + "An error for any other plan.")
    String nursery;

    @Option(names = "--window", paramLabel = "SIZE",
            description = "Collection window of Older-First (olderfirst; default: a quarter of the heap, in whole "
                    + "allocation buffers, at most the heap). An error for any other plan.")
    String window;

    @Option(names = "--survivor-ratio", paramLabel = "N",
            description = "Eden over one survivor space of serial (as -XX:SurvivorRatio; default: 8). An error for any other plan.")
    Integer survivorRatio;

    @Option(names = "--max-tenuring-threshold", paramLabel = "N",
            description = "The age at which serial promotes at the latest, 0 to 15 (as -XX:MaxTenuringThreshold; "
                    + "default: 15). An error for any other plan.")
    Integer maxTenuringThreshold;

    @Option(names = "--sanity", description = "Check the heap with an independent reachability walk after every GC.")
    boolean sanity;

    Plans.Entry planEntry() {
        return Plans.REGISTRY.find(plan).orElseThrow(() ->
                new UsageException("unknown plan " + Quote.of(plan) + "; valid plans: " + Plans.REGISTRY.names()));
    }

    /** Options for {@code threads} GC threads. */
    Options options(int threads) {
        return new Options().heapBytes(Options.parseSize(heap))
                .geometry(size("--page-size", pageSize), size("--block-size", blockSize),
                        size("--line-size", lineSize), size("--tlab-size", tlabSize))
                .threads(threads).packetCapacity(packetCapacity)
                .overheadLimit(OverheadLimit.parse(overheadLimit)).plugins(plugins).sanity(sanity)
                .nurseryBytes(nurseryBytes()).windowBytes(windowBytes())
                .survivorRatio(survivorOption("--survivor-ratio", survivorRatio, Options.DEFAULT_SURVIVOR_RATIO))
                .maxTenuringThreshold(survivorOption("--max-tenuring-threshold", maxTenuringThreshold,
                        Options.MAX_TENURING_THRESHOLD));
    }

    /** The geometry as given, page, block, line and buffer bytes (0: scaled with the heap): {@code 0,0,0,0}. */
    String geometryKey() {
        return size("--page-size", pageSize) + "," + size("--block-size", blockSize) + ","
                + size("--line-size", lineSize) + "," + size("--tlab-size", tlabSize);
    }

    /** An option of plans with survivor spaces, or its default if not given; a usage error for any other plan. */
    private int survivorOption(String option, Integer value, int defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        if (!SURVIVOR_PLANS.contains(plan)) {
            throw new UsageException(option + " applies only to plans with survivor spaces " + SURVIVOR_PLANS
                    + ", not to " + Quote.of(plan));
        }
        return value;
    }

    /** The {@code --nursery} size, or 0 if not given; a usage error for a plan without a fixed nursery. */
    private long nurseryBytes() {
        if (nursery == null) {
            return 0;
        }
        if (!NURSERY_PLANS.contains(plan)) {
            throw new UsageException("--nursery applies only to plans with a fixed-size nursery " + NURSERY_PLANS
                    + ", not to " + Quote.of(plan));
        }
        return size("--nursery", nursery);
    }

    /** The {@code --window} size, or 0 if not given; a usage error for a plan without a window. */
    private long windowBytes() {
        if (window == null) {
            return 0;
        }
        if (!WINDOW_PLANS.contains(plan)) {
            throw new UsageException("--window applies only to plans with a collection window " + WINDOW_PLANS
                    + ", not to " + Quote.of(plan));
        }
        return size("--window", window);
    }

    /** A geometry size as given, or 0 (scale with the heap) if not given. */
    private static long size(String option, String text) {
        if (text == null) {
            return 0;
        }
        long bytes;
        try {
            bytes = Options.parseSize(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
        if (bytes <= 0) {
            throw new UsageException(option + " must be positive");
        }
        return bytes;
    }
}
