package org.jmmtk.core;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.FixedHeapTrigger;
import org.jmmtk.core.heap.GcTrigger;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import org.jmmtk.core.heap.SyncTrigger;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.ScheduleCollection;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.sanity.SanityChecker;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.MoveLog;
import org.jmmtk.core.stats.FreeSpaceProfile;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.stats.SizeHistogram;
import org.jmmtk.core.stats.RunStats;
import org.jmmtk.core.util.Constants;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.CollectionTimes;
import org.jmmtk.scheduler.GCWorkScheduler;

/**
 * One instance of the memory manager (mmtk-core's {@code MMTK}): the composition root. It builds the
 * simulated memory and its layout, the heap's geometry, the space table, the valid-object bits, the
 * plugin host, the {@link GcTrigger}, the plan and the GC worker pool, and wires them together; no
 * space or policy sees it. It also runs collections: requested by a space's poll when the trigger
 * says the budget is exhausted, or by the binding, they run on the worker pool while the requesting
 * thread takes part as worker 0.
 *
 * <p>Collections are serialised: {@link #collect} is synchronized. With several mutator threads, a
 * mutator waits for that lock inside the binding's safe region (it counts as stopped), and an
 * allocation that waited while another mutator's collection ran starts again. Call {@link #close} to
 * stop the worker threads.
 */
public final class MMTK implements AutoCloseable {
    /** Virtual space for the binding's root areas. */
    public static final long VM_AREA_BYTES = 8L << 30;

    private final Options options;
    private final HeapGeometry geometry;
    private final VMLayout layout;
    private final SimulatedMemory memory;
    private final SideMetadataRegistry metadata;
    private final SideBitmap validObjects;
    private final SpaceTable spaceTable;
    private final PluginHost plugins;
    private final GcTrigger trigger;
    private final VMBinding binding;
    private final GCWorkScheduler scheduler;
    private final Plan plan;
    private final RunStats stats = new RunStats();
    private final List<GcListener> listeners = new ArrayList<>();
    private int gcNumber;
    // read without the lock by a mutator entering its poll, to see whether a collection ran meanwhile:
    // counted when a collection ends (gcNumber counts when it starts, possibly before that mutator stopped)
    private volatile int collectionsEnded;
    private int failedAttempts;
    private long allocatedAtLastGc;

    public MMTK(Options options, VMBinding binding, PlanFactory planFactory) {
        this(options, binding, planFactory, List.of());
    }

    /** A memory manager whose heap events go to {@code plugins} (in order). */
    public MMTK(Options options, VMBinding binding, PlanFactory planFactory, List<Plugin> plugins) {
        this.options = options.copy();
        this.geometry = this.options.geometry();
        long heap = Constants.alignUp(this.options.heapBytes(), Constants.BYTES_IN_CHUNK);
        // room for the plan's spaces (at most a few times the heap each) and the binding's roots
        this.layout = new VMLayout(8 * heap + 16 * Constants.BYTES_IN_CHUNK + VM_AREA_BYTES);
        this.memory = layout.memory();
        this.metadata = new SideMetadataRegistry(memory, this.options.countMetadata());
        this.validObjects = metadata.bitmap(SideMetadataSpec.VALID_OBJECT, null);
        this.spaceTable = new SpaceTable(memory);
        this.plugins = new PluginHost(plugins);
        this.trigger = SyncTrigger.of(new FixedHeapTrigger(this.options.heapBytes(), geometry,
                this.options.overheadLimit()), this.options.sync(), this.options.granule());
        this.binding = binding;
        this.scheduler = new GCWorkScheduler(this.options.threads());
        HeapServices heapServices = new HeapServices(memory, layout, geometry, new Poll(), validObjects, spaceTable,
                this.plugins, this.options.pageResourceLock(), metadata);
        this.plan = planFactory.create(new PlanArgs(heapServices, this.options.heapBytes(), this.options.threads(),
                this.options.packetCapacity(), binding, binding, binding.needsMoveLog(), this.options.nurseryBytes(),
                this.options.windowBytes(), this.options.sanity(), this.options.survivorRatio(),
                this.options.maxTenuringThreshold()));
        scheduler.start(plan::createCollector);
        binding.boot(this);
        this.plugins.attach(new Context());
    }

    public Options options() {
        return options;
    }

    public HeapGeometry geometry() {
        return geometry;
    }

    public SimulatedMemory memory() {
        return memory;
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

    public GCWorkScheduler scheduler() {
        return scheduler;
    }

    public RunStats stats() {
        return stats;
    }

    public SpaceTable spaces() {
        return spaceTable;
    }

    public PluginHost plugins() {
        return plugins;
    }

    /** The side metadata of the heap and its footprint. */
    public SideMetadataRegistry metadata() {
        return metadata;
    }

    /** The heap budget in pages. */
    public int totalPages() {
        return trigger.totalPages();
    }

    /** Creates the context of a new mutator thread (MMTk's {@code bind_mutator}). */
    public Mutator bindMutator() {
        return plan.bindMutator();
    }

    public void addListener(GcListener listener) {
        listeners.add(listener);
    }

    /** Whether an object with id {@code id} lives at {@code address}: allocated there and not reclaimed since. */
    public boolean isObject(long address, long id) {
        return validObjects.get(address) && ObjectModel.id(memory, address) == id;
    }

    /** Sum of the trace sizes of all objects allocated so far: the run's clock. */
    public long bytesAllocated() {
        long n = 0;
        for (Mutator m : plan.mutators()) {
            n += m.bytesAllocated();
        }
        return n;
    }

    /** The median allocation size (simulated bytes) of the objects allocated so far; call with mutators stopped. */
    public long medianObjectBytes() {
        SizeHistogram all = new SizeHistogram();
        for (Mutator m : plan.mutators()) {
            all.add(m.allocationSizes());
        }
        return all.median();
    }

    public long objectsAllocated() {
        long n = 0;
        for (Mutator m : plan.mutators()) {
            n += m.objectsAllocated();
        }
        return n;
    }

    /** Write-barrier stores of all mutators (remembered-set insertions, or RC count operations). */
    public long barrierStores() {
        long n = 0;
        for (Mutator m : plan.mutators()) {
            n += m.barrierStores();
        }
        return n;
    }

    /** Heap in use, in simulated bytes (pages of all spaces). */
    public long usedBytes() {
        return geometry.pagesToBytes(plan.usedPages());
    }

    /** The poll every space makes before giving a mutator pages. */
    private final class Poll implements AllocationPoll {
        @Override
        public boolean poll(String space, int pages) {
            int seen = collectionsEnded;
            binding.enterSafeRegion();
            boolean collected;
            try {
                collected = pollForAllocation(space, pages, seen);
            } catch (RuntimeException | Error e) {
                binding.abandonSafeRegion(e);
                throw e;
            }
            binding.leaveSafeRegion();
            // a collection that ran while this mutator was stopped (waiting for the lock, or after the
            // poll let it go on) reset its allocator and may have moved its space: start again
            return collected || collectionsEnded != seen;
        }

        @Override
        public SimulatedOutOfMemoryError outOfMemory(String space, int pages, String why) {
            return MMTK.this.outOfMemory(String.format("%s needed %s more; %s", space,
                    Options.formatBytes(geometry.pagesToBytes(pages)), why));
        }
    }

    /** What plugins may use. */
    private final class Context implements PluginContext {
        @Override
        public SimulatedMemory memory() {
            return memory;
        }

        @Override
        public long bytesAllocated() {
            return MMTK.this.bytesAllocated();
        }

        @Override
        public void scanRoots(EdgeVisitor visitor) {
            for (Mutator m : plan.mutators()) {
                binding.scanMutatorRoots(m.ordinal(), visitor);
            }
            binding.scanGlobalRoots(visitor);
        }

        @Override
        public long addressOf(long id) {
            return binding.addressOf(id);
        }

        @Override
        public int spaceOf(long address) {
            return spaceTable.numberOf(address);
        }

        @Override
        public List<String> spaceNames() {
            return spaceTable.all().stream().map(Space::name).toList();
        }
    }

    /**
     * Visits every object the heap holds now (valid-object bits of every space, in space then address
     * order): after a collection, the survivors and whatever the plan has not reclaimed yet. Call with
     * mutators stopped or from the thread that runs them.
     */
    public void forEachObject(LongConsumer visitor) {
        for (Space s : spaceTable.all()) {
            for (long o = validObjects.next(s.start(), s.end()); o >= 0; o = validObjects.next(o + 8, s.end())) {
                visitor.accept(o);
            }
        }
    }

    /**
     * {@code seen} is the count of ended collections when the mutator started waiting for the lock: if
     * another mutator's collection ran meanwhile, this allocation starts again (its allocator was reset).
     */
    private synchronized boolean pollForAllocation(String space, int pages, int seen) {
        if (collectionsEnded != seen) {
            return true;
        }
        if (!trigger.collectNow(plan.collectionRequired(trigger.isGcRequired(plan.reservedPages(), pages), space, pages))) {
            failedAttempts = 0;
            stats.heapUsage(bytesAllocated(), usedBytes() + geometry.pagesToBytes(pages));
            return false;
        }
        Poll poll = new Poll();
        if (plan.collectionKind(GcReason.HEAP_FULL) == null) {
            throw poll.outOfMemory(space, pages, "the heap is full and plan " + plan.name() + " never collects");
        }
        if (failedAttempts >= plan.maxCollectionAttempts()) {
            failedAttempts = 0;
            throw poll.outOfMemory(space, pages, "the heap is still full after collecting");
        }
        failedAttempts++;
        collect(failedAttempts > 1 ? GcReason.EMERGENCY : GcReason.HEAP_FULL);
        return true;
    }

    private SimulatedOutOfMemoryError outOfMemory(String detail) {
        return new SimulatedOutOfMemoryError(plan.name(), options.heapBytes(), bytesAllocated(), stats.gcCount(), detail);
    }

    /**
     * A point of perfect knowledge of a granulated trace: a synchronized scheme may collect here (a
     * heap-full collection moved to this point, followed, as at an allocation, by an emergency one if
     * the plan allows and the heap is still full), and the heap must be within its budget afterwards.
     */
    public synchronized void perfectPoint() {
        long budgetFree = Math.max(0, trigger.totalPages() - plan.reservedPages());
        if (!trigger.collectAtPerfectPoint(geometry.pagesToBytes(plan.pagesBeforeCollection((int) budgetFree)),
                bytesAllocated())) {
            return;
        }
        for (int attempt = 1; plan.reservedPages() > trigger.totalPages() || attempt == 1; attempt++) {
            if (attempt > plan.maxCollectionAttempts()) {
                throw new Poll().outOfMemory("the heap", plan.reservedPages() - trigger.totalPages(),
                        "it is still over its budget after collecting at a point of perfect knowledge");
            }
            if (collect(attempt > 1 ? GcReason.EMERGENCY : GcReason.HEAP_FULL) == null) {
                return;
            }
        }
    }

    /** A collection the program asked for; ignored by plans that do not collect on request. */
    public void handleUserCollectionRequest() {
        collect(GcReason.EXPLICIT);
    }

    /**
     * Runs one collection for {@code reason} and blocks until mutators may resume. Returns its record,
     * or null if the plan does not collect for that reason. Throws {@link SimulatedOutOfMemoryError}
     * when the trigger gives up (the GC-overhead limit).
     */
    public synchronized GcRecord collect(GcReason reason) {
        CollectionKind kind = plan.collectionKind(reason);
        if (kind == null) {
            return null;
        }
        int gc = ++gcNumber;
        long allocatedBefore = bytesAllocated();
        long usedBefore = usedBytes();
        long packetsBefore = scheduler.packetsExecuted();
        long stealsBefore = scheduler.packetsStolen();
        GcEvent event = Tracepoints.gcBegin();
        Tracepoints.heapUsage(gc, false, usedBefore, -1);
        long start = stats.clockNanos();
        for (int i = 0; i < scheduler.workerCount(); i++) {
            ((Collector) scheduler.worker(i).context()).resetCounters();
        }
        if (plugins.wantsGcs()) {
            plugins.gcStart(gc, kind.label);
        }
        CollectionTimes times = scheduler.runCollection(gc, new ScheduleCollection(plan, kind, reason));
        if (plugins.wantsGcs()) {
            plugins.gcEnd(gc, kind.label);
        }
        long end = stats.clockNanos();
        GcRecord record = record(gc, kind, reason, allocatedBefore, start, end, times.closureNanos(), usedBefore,
                scheduler.packetsExecuted() - packetsBefore, scheduler.packetsStolen() - stealsBefore,
                plan.freeSpace());
        stats.add(record, reason == GcReason.FINAL);
        stats.heapUsage(allocatedBefore, record.usedBytesAfter());
        Tracepoints.heapUsage(gc, true, record.usedBytesAfter(), record.bytesTraced());
        Tracepoints.gcEnd(event, gc, plan.name(), kind.label, reason.label);
        if (options.sanity()) {
            SanityChecker.check(memory, spaceTable, validObjects, binding, plan.mutators().size());
        }
        collectionsEnded++;
        binding.resumeMutators();
        for (GcListener l : listeners) {
            l.gcFinished(record);
        }
        if (reason != GcReason.FINAL) {
            String giveUp = trigger.collectionFinished(new GcTrigger.CollectionOutcome(record.bytesTraced(),
                    allocatedBefore - allocatedAtLastGc, plan.reservedPages()));
            allocatedAtLastGc = allocatedBefore;
            if (giveUp != null) {
                throw outOfMemory(giveUp);
            }
        }
        return record;
    }

    private GcRecord record(int gc, CollectionKind kind, GcReason reason, long allocatedBefore, long start,
                            long end, long closure, long usedBefore, long packets, long steals,
                            FreeSpaceProfile freeSpace) {
        long objectsCopied = 0;
        long bytesCopied = 0;
        long objectsMarked = 0;
        long bytesMarked = 0;
        long edges = 0;
        for (int i = 0; i < scheduler.workerCount(); i++) {
            Collector c = (Collector) scheduler.worker(i).context();
            objectsCopied += c.objectsCopied();
            bytesCopied += c.bytesCopied();
            objectsMarked += c.objectsMarked();
            bytesMarked += c.bytesMarked();
            edges += c.edgesTraced();
        }
        return new GcRecord(gc, kind.label, reason.label, allocatedBefore, start, end, end - start, closure,
                objectsCopied, bytesCopied, objectsMarked, bytesMarked, edges, usedBefore, usedBytes(), packets,
                steals, freeSpace, plan.collectionStats());
    }

    /** The number of collections started so far, the final one included. */
    public synchronized int gcNumber() {
        return gcNumber;
    }

    /**
     * After a collection, when the binding asked for move logs: calls {@code visitor} with the id and
     * new address of every object the collection moved.
     */
    public void forEachMoved(MoveVisitor visitor) {
        for (int i = 0; i < scheduler.workerCount(); i++) {
            MoveLog log = ((Collector) scheduler.worker(i).context()).moves();
            for (int k = 0, n = log == null ? 0 : log.count(); k < n; k++) {
                visitor.visit(log.id(k), log.address(k));
            }
        }
    }

    /** Receives the objects a collection moved. */
    @FunctionalInterface
    public interface MoveVisitor {
        void visit(long id, long address);
    }

    @Override
    public void close() {
        scheduler.shutdown();
    }
}
