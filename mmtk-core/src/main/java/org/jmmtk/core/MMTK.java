package org.jmmtk.core;

import java.util.List;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.collection.CollectionDriver;
import org.jmmtk.core.collection.Statistics;
import org.jmmtk.core.heap.FixedHeapTrigger;
import org.jmmtk.core.heap.GcTrigger;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.SyncTrigger;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.util.Constants;
import org.jmmtk.scheduler.GCWorkScheduler;

/**
 * One instance of the memory manager (mmtk-core's {@code MMTK}): the composition root. It builds the
 * simulated memory and its layout, the heap's geometry, the space table, the valid-object bits, the
 * plugin host, the {@link GcTrigger}, the plan, the GC worker pool, the {@link CollectionDriver} that
 * runs collections and the run's {@link Statistics}, wires them together and holds them; no space or
 * policy sees it. Built and closed by one thread; its parts say which threads use them. Call
 * {@link #close} to stop the worker threads.
 */
public final class MMTK implements AutoCloseable {
    /** Virtual space for the binding's root areas. */
    public static final long VM_AREA_BYTES = 8L << 30;

    private final Options options;
    private final HeapGeometry geometry;
    private final VMLayout layout;
    private final PluginHost plugins;
    private final VMBinding binding;
    private final GCWorkScheduler<Collector> scheduler;
    private final Plan plan;
    private final Statistics statistics;
    private final CollectionDriver collection;

    /** A memory manager running the plan {@code provider} makes, whose heap events go to {@code plugins} (in order). */
    public MMTK(Options options, VMBinding binding, PlanProvider provider, List<Plugin> plugins) {
        this.options = options.copy();
        this.geometry = this.options.geometry();
        long heap = Constants.alignUp(this.options.heapBytes(), Constants.BYTES_IN_CHUNK);
        // room for the plan's spaces (at most a few times the heap each) and the binding's roots
        this.layout = new VMLayout(8 * heap + 16 * Constants.BYTES_IN_CHUNK + VM_AREA_BYTES);
        SimulatedMemory memory = layout.memory();
        SideMetadataRegistry metadata = new SideMetadataRegistry(memory, this.options.countMetadata(),
                geometry.pageBytes());
        this.plugins = new PluginHost(plugins);
        GcTrigger trigger = SyncTrigger.of(new FixedHeapTrigger(this.options.heapBytes(), geometry,
                this.options.overheadLimit()), this.options.sync(), this.options.granule());
        this.binding = binding;
        checkPacing(this.options, provider);
        if (provider.concurrent() && !this.options.pacing().concurrent()) {
            this.options.pacing(Pacing.every(Pacing.DEFAULT_RECORDS));
        }
        this.scheduler = new GCWorkScheduler<>(this.options.threads());
        CollectionDriver.Poll poll = new CollectionDriver.Poll(binding);
        HeapServices heapServices = new HeapServices(memory, layout, geometry, poll,
                metadata.bitmap(SideMetadataSpec.VALID_OBJECT, null), new SpaceTable(memory), this.plugins,
                this.options.pageResourceLock(), metadata);
        this.plan = provider.factory().create(new PlanArgs(heapServices, trigger, this.options.heapBytes(),
                this.options.threads(), this.options.packetCapacity(), binding, binding, binding, binding.needsMoveLog(),
                this.options.sanity(), this.options.planOptions()));
        scheduler.start(plan::createCollector);
        this.statistics = new Statistics(plan, geometry);
        this.collection = new CollectionDriver(provider.name(), plan, trigger, scheduler, statistics, binding, poll,
                this.options);
        binding.boot(this);
        this.plugins.attach(new HeapPluginContext(plan, binding, statistics));
    }

    /** {@code --pacing} only for a concurrent plan, and {@code real} only with GC threads beside the mutator's. */
    private static void checkPacing(Options options, PlanProvider provider) {
        Pacing pacing = options.pacing();
        if (!pacing.concurrent()) {
            return;
        }
        if (!provider.concurrent()) {
            throw new IllegalArgumentException("--pacing " + pacing + ": plan " + provider.name()
                    + " collects stop-the-world, with no concurrent work to pace");
        }
        if (pacing.real() && options.threads() < 2) {
            throw new IllegalArgumentException("--pacing real needs at least 2 GC threads (--threads), "
                    + "so that GC workers can run beside the mutator");
        }
    }

    public Options options() {
        return options;
    }

    public HeapGeometry geometry() {
        return geometry;
    }

    public SimulatedMemory memory() {
        return layout.memory();
    }

    public VMLayout layout() {
        return layout;
    }

    public Plan plan() {
        return plan;
    }

    public VMBinding binding() {
        return binding;
    }

    public GCWorkScheduler<Collector> scheduler() {
        return scheduler;
    }

    /** The run's statistics: its collections and clock, and the mutators' counters summed. */
    public Statistics statistics() {
        return statistics;
    }

    /** What runs collections: polls, requests, points of perfect knowledge, and the listeners told of each. */
    public CollectionDriver collection() {
        return collection;
    }

    public SpaceTable spaces() {
        return plan.heap().spaces();
    }

    public PluginHost plugins() {
        return plugins;
    }

    /** The side metadata of the heap and its footprint. */
    public SideMetadataRegistry metadata() {
        return plan.heap().metadata();
    }

    /**
     * Creates the context of a new mutator thread numbered {@code ordinal} (MMTk's {@code bind_mutator});
     * the binding keeps it and lists it in {@link VMBinding#mutators}.
     */
    public Mutator bindMutator(int ordinal) {
        return plan.bindMutator(ordinal);
    }

    /** Tells {@code listener} about every finished collection. */
    public void addListener(GcListener listener) {
        collection.addListener(listener);
    }

    @Override
    public void close() {
        collection.stopConcurrentWork();
        scheduler.shutdown();
    }
}
