package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.OverheadLimit;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Options that choose and size the collector: plan, heap and its geometry, GC threads, packet
 * capacity, the GC-overhead limit, plugins, sanity checks, and the plan's own options (which
 * {@link PlanOptionFlags} adds to the command from the plans' declarations).
 */
public final class CollectorOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

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
    public List<String> plugins = new ArrayList<>();

    @Option(names = "--sanity", description = "Check the heap with an independent reachability walk after every GC.")
    boolean sanity;

    @Option(names = "--count-metadata", description = "Charge side metadata (mark bits, line marks, counts, ...) "
            + "to the heap budget as mmtk-core does: each space pays, per table, its pages' metadata rounded up to a page.")
    boolean countMetadata;

    @Option(names = "--pacing", paramLabel = "K|real",
            description = "A concurrent plan's concurrent work: one unit after every K trace records while the "
                    + "program waits (exact, the same for any thread count), or real: GC workers run beside the "
                    + "program (timings, contention). Default: none for stop-the-world plans, 1000 for concurrent "
                    + "plans; see docs/collectors-iii.md.")
    String pacing;

    /** Trace records between units of concurrent work when {@code --pacing} is not given to a concurrent plan. */
    public static final int DEFAULT_PACING = 1000;

    public Plans.Entry planEntry() {
        return Plans.REGISTRY.find(plan).orElseThrow(() ->
                new UsageException("unknown plan " + Quote.of(plan) + "; valid plans: " + Plans.REGISTRY.names()));
    }

    /** Options for {@code threads} GC threads and the chosen plan. */
    public Options options(int threads) {
        return options(planEntry(), threads);
    }

    /** Options for {@code threads} GC threads and {@code plan}: a usage error for a plan option it does not take. */
    public Options options(Plans.Entry plan, int threads) {
        return new Options().heapBytes(Options.parseSize(heap))
                .geometry(size("--page-size", pageSize), size("--block-size", blockSize),
                        size("--line-size", lineSize), size("--tlab-size", tlabSize))
                .threads(threads).packetCapacity(packetCapacity)
                .overheadLimit(OverheadLimit.parse(overheadLimit)).plugins(plugins).sanity(sanity)
                .countMetadata(countMetadata)
                .planOptions(PlanOptionFlags.values(command, plan))
                .pacing(pacing(plan));
    }

    /** {@code --pacing} for {@code plan}: as given (a usage error on a stop-the-world plan), or the plan's default. */
    private Pacing pacing(Plans.Entry plan) {
        if (pacing == null) {
            return plan.concurrent() ? Pacing.every(DEFAULT_PACING) : Pacing.NONE;
        }
        Pacing p;
        try {
            p = Pacing.parse(pacing);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (!plan.concurrent()) {
            throw new UsageException("--pacing " + pacing + ": plan " + plan.name()
                    + " collects stop-the-world, with no concurrent work to pace");
        }
        return p;
    }

    /** The geometry as given, page, block, line and buffer bytes (0: scaled with the heap): {@code 0,0,0,0}. */
    public String geometryKey() {
        return size("--page-size", pageSize) + "," + size("--block-size", blockSize) + ","
                + size("--line-size", lineSize) + "," + size("--tlab-size", tlabSize);
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

    /** The plan's name as given. */
    public String plan() {
        return plan;
    }

    /** The heap budget as given ({@code --heap}). */
    public String heap() {
        return heap;
    }
}
