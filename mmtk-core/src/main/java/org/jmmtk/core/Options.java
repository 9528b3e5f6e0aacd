package org.jmmtk.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jmmtk.core.analysis.Plugins;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.OverheadLimit;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.core.heap.SyncScheme;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanOptionValues;
import org.jmmtk.core.util.Bytes;

/**
 * The run options of an {@link MMTK} instance: heap budget and its geometry, GC threads, mutator threads, ProcessEdges
 * packet capacity, the GC-overhead limit, the scope of the page-resource lock, the plugins to enable, whether the
 * sanity checker runs after every collection, how a granulated trace's collections are synchronized, and the values
 * of the plan's own options ({@link PlanOption}). Setters validate and throw {@link IllegalArgumentException} with a message
 * fit for a user (naming the option as the command line spells it). Copied when handed to MMTK.
 */
public final class Options {
    public static final long MIN_HEAP_BYTES = 1L << 10;
    public static final long MAX_HEAP_BYTES = 64L << 30;
    public static final long DEFAULT_HEAP_BYTES = 32L << 20;
    /** MMTk's {@code EDGES_WORK_BUFFER_SIZE}. */
    public static final int DEFAULT_PACKET_CAPACITY = 4096;
    public static final int MAX_THREADS = 256;
    /** Most mutator threads a replay runs at once. */
    public static final int MAX_MUTATOR_THREADS = 256;

    private long heapBytes = DEFAULT_HEAP_BYTES;
    private long pageBytes;
    private long blockBytes;
    private long lineBytes;
    private long bufferBytes;
    private int threads = Runtime.getRuntime().availableProcessors();
    private int packetCapacity = DEFAULT_PACKET_CAPACITY;
    private OverheadLimit overheadLimit = OverheadLimit.DEFAULT;
    private List<String> plugins = List.of();
    private boolean sanity;
    private boolean countMetadata;
    private SyncScheme sync;
    private long granule;
    private PlanOptionValues planOptions = PlanOptionValues.NONE;
    private int mutatorThreads = 1;
    private PageResourceLock pageResourceLock = PageResourceLock.FINE;
    private Pacing pacing = Pacing.NONE;

    public long heapBytes() {
        return heapBytes;
    }

    public int threads() {
        return threads;
    }

    /** Java threads the binding replays the program's mutators on (1: all on the calling thread, in trace order). */
    public int mutatorThreads() {
        return mutatorThreads;
    }

    public int packetCapacity() {
        return packetCapacity;
    }

    /** How long a mutator's allocation slow path holds its space's page-resource lock (default fine). */
    public PageResourceLock pageResourceLock() {
        return pageResourceLock;
    }

    /** How a concurrent plan's concurrent work meets the program ({@code --pacing}; none by default). */
    public Pacing pacing() {
        return pacing;
    }

    public boolean sanity() {
        return sanity;
    }

    /** Whether side metadata counts against the heap budget, as in mmtk-core (default off, so results stay comparable). */
    public boolean countMetadata() {
        return countMetadata;
    }

    /** How collections follow the points of perfect knowledge of a granulated trace; null: the trace's deaths are ignored. */
    public SyncScheme sync() {
        return sync;
    }

    /** The granule a synchronized scheme assumes, in bytes; 0: the mean spacing of the trace's points. */
    public long granule() {
        return granule;
    }

    /** The values of the plan's own options given for this run. */
    public PlanOptionValues planOptions() {
        return planOptions;
    }

    public OverheadLimit overheadLimit() {
        return overheadLimit;
    }

    /** The names of the plugins to enable, in order. */
    public List<String> plugins() {
        return plugins;
    }

    /** The heap's geometry: the sizes given, the others scaled with the heap. */
    public HeapGeometry geometry() {
        return HeapGeometry.of(heapBytes, pageBytes, blockBytes, lineBytes, bufferBytes);
    }

    public Options heapBytes(long bytes) {
        if (bytes < MIN_HEAP_BYTES || bytes > MAX_HEAP_BYTES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "heap size %s is impossible: it must be between %s and %s",
                    formatBytes(bytes), formatBytes(MIN_HEAP_BYTES), formatBytes(MAX_HEAP_BYTES)));
        }
        this.heapBytes = bytes;
        return this;
    }

    /**
     * Sets the page, block, line and thread-local buffer sizes (0: scale with the heap). Checked
     * against the heap size by {@link #geometry()}, which throws for sizes that do not fit.
     */
    public Options geometry(long page, long block, long line, long buffer) {
        this.pageBytes = page;
        this.blockBytes = block;
        this.lineBytes = line;
        this.bufferBytes = buffer;
        geometry();
        return this;
    }

    public Options threads(int n) {
        if (n < 1 || n > MAX_THREADS) {
            throw new IllegalArgumentException("GC thread count " + n + " is out of range 1.." + MAX_THREADS);
        }
        this.threads = n;
        return this;
    }

    public Options mutatorThreads(int n) {
        if (n < 1 || n > MAX_MUTATOR_THREADS) {
            throw new IllegalArgumentException("--mutator-threads " + n + " is out of range 1.." + MAX_MUTATOR_THREADS);
        }
        this.mutatorThreads = n;
        return this;
    }

    public Options pacing(Pacing pacing) {
        this.pacing = Objects.requireNonNull(pacing, "--pacing");
        return this;
    }

    public Options pageResourceLock(PageResourceLock scope) {
        this.pageResourceLock = Objects.requireNonNull(scope, "--page-resource-lock");
        return this;
    }

    public Options packetCapacity(int capacity) {
        if (capacity < 1 || capacity > (1 << 24)) {
            throw new IllegalArgumentException("packet capacity " + capacity + " is out of range 1.." + (1 << 24));
        }
        this.packetCapacity = capacity;
        return this;
    }

    public Options overheadLimit(OverheadLimit limit) {
        this.overheadLimit = limit;
        return this;
    }

    /** Enables the plugins called {@code names}; throws for a name no plugin has, or one given twice. */
    public Options plugins(List<String> names) {
        List<String> checked = new ArrayList<>();
        for (String name : names) {
            Plugins.Entry e = Plugins.REGISTRY.find(name).orElseThrow(() -> new IllegalArgumentException(
                    "--plugin: unknown plugin '" + name + "'; valid plugins: " + Plugins.REGISTRY.names()));
            if (checked.contains(e.name())) {
                throw new IllegalArgumentException("--plugin: plugin '" + e.name() + "' is given twice");
            }
            checked.add(e.name());
        }
        this.plugins = List.copyOf(checked);
        return this;
    }

    /**
     * Replays the trace's death records as the truth about liveness, placing collections by
     * {@code scheme} (null: ignore death records, liveness comes from the roots).
     */
    public Options sync(SyncScheme scheme) {
        this.sync = scheme;
        return this;
    }

    /** The granule (bytes, at least 1) synchronized schemes assume, or 0 to infer it from the trace. */
    public Options granule(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("--granule must not be negative");
        }
        this.granule = bytes;
        return this;
    }

    /**
     * Sets one of the plan's own options, checked against its declared range; whether the plan takes it
     * is for the caller to check (the command line does, against the plan's provider).
     */
    public Options planOption(PlanOption option, long value) {
        this.planOptions = planOptions.with(option, value);
        return this;
    }

    /** Sets all of the plan's own options at once. */
    public Options planOptions(PlanOptionValues values) {
        this.planOptions = Objects.requireNonNull(values);
        return this;
    }

    public Options sanity(boolean on) {
        this.sanity = on;
        return this;
    }

    public Options countMetadata(boolean on) {
        this.countMetadata = on;
        return this;
    }

    /** A copy, so that an MMTK instance never sees later changes. */
    public Options copy() {
        Options o = new Options();
        o.heapBytes = heapBytes;
        o.pageBytes = pageBytes;
        o.blockBytes = blockBytes;
        o.lineBytes = lineBytes;
        o.bufferBytes = bufferBytes;
        o.threads = threads;
        o.packetCapacity = packetCapacity;
        o.overheadLimit = overheadLimit;
        o.plugins = plugins;
        o.sanity = sanity;
        o.countMetadata = countMetadata;
        o.sync = sync;
        o.granule = granule;
        o.planOptions = planOptions;
        o.mutatorThreads = mutatorThreads;
        o.pageResourceLock = pageResourceLock;
        o.pacing = pacing;
        return o;
    }

    /** See {@link Bytes#parse}. */
    public static long parseSize(String text) {
        return Bytes.parse(text);
    }

    /** See {@link Bytes#format}. */
    public static String formatBytes(long bytes) {
        return Bytes.format(bytes);
    }
}
