package org.jmmtk.core.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.NoBarrier;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.BlockSweepable;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.ImmortalSpace;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.SweepLargeObjects;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ForwardObjects;
import org.jmmtk.core.scheduling.ForwardRoots;
import org.jmmtk.core.scheduling.FullHeapTrace;
import org.jmmtk.core.scheduling.GcWorkContext;
import org.jmmtk.core.scheduling.ProcessWeakRefs;
import org.jmmtk.core.stats.FreeSpaceProfile;
import org.jmmtk.core.vm.Scanning;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * A collector: a set of spaces, a mutator configuration, how a collection is scheduled as packets, and
 * the global prepare/release steps (MMTk's {@code Plan} with its {@code CommonPlan}). This base owns
 * what every plan shares: the large object space and the immortal space (created, prepared and
 * released here), dispatch of tracing to each object's space through the space table, the mutators
 * bound so far, and the default schedule. A plan adds its own spaces and says only what differs.
 * Each plan lives in its own package with its constraints and mutator beside it.
 *
 * <p>Threads: mutators call the allocation-side methods; GC workers call prepare/release and the
 * per-collector hooks during a collection.
 */
public abstract class Plan {
    private final PlanArgs args;
    protected final SimulatedMemory memory;
    private final LargeObjectSpace los;
    private final ImmortalSpace immortal;
    private final GcWorkContext spaceTableTrace;
    // set while the plan is built, before any collection
    private GcWorkContext fullHeapTrace;
    private final List<Mutator> mutators = new ArrayList<>();
    // written by the collection's first packet, read by its later packets: bucket opening orders them
    private GcReason reason = GcReason.HEAP_FULL;

    protected Plan(PlanArgs args) {
        this.args = args;
        this.memory = args.heap().memory();
        // twice the budget in virtual space, so page-run fragmentation alone never fails an allocation
        this.los = new LargeObjectSpace("los", 2 * args.heapBytes(), args.heap());
        this.immortal = new ImmortalSpace("immortal", args.heapBytes(), args.heap());
        this.spaceTableTrace = new FullHeapTrace(args.heap().spaces());
        this.fullHeapTrace = spaceTableTrace;
    }

    /** The trace kind that hands every object to the policy of the space the space table names. */
    protected final GcWorkContext spaceTableTrace() {
        return spaceTableTrace;
    }

    /**
     * Makes {@code trace} the trace kind of full-heap collections (the space table's by default). A plan
     * whose objects are nearly all in one space of a final policy class passes mmtk-core's derived
     * {@code PlanTraceObject}: that space's objects, told by their address, go straight to its policy,
     * a call the JIT binds statically and inlines into the closure's loop, the rest to
     * {@link #spaceTableTrace()}. Called from the plan's constructor.
     */
    protected final void setFullHeapTrace(GcWorkContext trace) {
        this.fullHeapTrace = trace;
    }

    public abstract String name();

    public abstract PlanConstraints constraints();

    /** The heap this plan's spaces share. */
    public final HeapServices heap() {
        return args.heap();
    }

    public final SimulatedMemory memory() {
        return memory;
    }

    /** The budget the plan was created for, in bytes. */
    protected final long heapBytes() {
        return args.heapBytes();
    }

    /** The nursery size asked for (0: the plan's default); only generational plans read it. */
    protected final long nurseryBytesOption() {
        return args.nurseryBytes();
    }

    /** The collection window asked for (0: the plan's default); only Older-First plans read it. */
    protected final long windowBytesOption() {
        return args.windowBytes();
    }

    /** Eden over one survivor space asked for; only plans with survivor spaces read it. */
    protected final int survivorRatioOption() {
        return args.survivorRatio();
    }

    /** The largest tenuring threshold asked for; only plans with survivor spaces read it. */
    protected final int maxTenuringThresholdOption() {
        return args.maxTenuringThreshold();
    }

    /** Whether the run checks invariants at every collection (the plan may verify its own, e.g. remembered sets). */
    protected final boolean sanity() {
        return args.sanity();
    }

    /** The binding's root scanning, for plans that visit roots outside the closure (reference counting). */
    protected final Scanning scanning() {
        return args.scanning();
    }

    protected final int gcThreads() {
        return args.gcThreads();
    }

    public final LargeObjectSpace largeObjectSpace() {
        return los;
    }

    public final ImmortalSpace immortalSpace() {
        return immortal;
    }

    /** Objects whose simulated size is above this are allocated in the large object space. */
    public long largeObjectThreshold() {
        return args.heap().geometry().largeObjectThreshold();
    }

    /** All spaces of the plan, the common ones included. */
    public final List<Space> spaces() {
        return args.heap().spaces().all();
    }

    /** Creates the context of a new mutator thread (MMTk's {@code bind_mutator}). */
    public final synchronized Mutator bindMutator() {
        Mutator m = createMutator(mutators.size());
        mutators.add(m);
        return m;
    }

    protected abstract Mutator createMutator(int ordinal);

    /** The mutators bound so far, in ordinal order. */
    public final synchronized List<Mutator> mutators() {
        return Collections.unmodifiableList(new ArrayList<>(mutators));
    }

    /** A new mutator's write barrier (none unless the plan needs one). */
    protected Barrier createBarrier(int ordinal) {
        return new NoBarrier(memory);
    }

    /** The per-worker context of GC worker {@code ordinal}. */
    public Collector createCollector(int ordinal) {
        return new Collector(ordinal, args.packetCapacity(), memory, args.heap().plugins(), args.logMoves());
    }

    /** Pages in use by all spaces, and their side metadata when it is charged ({@code --count-metadata}). */
    public final int usedPages() {
        SideMetadataRegistry metadata = args.heap().metadata();
        int pages = 0;
        for (Space s : args.heap().spaces().all()) {
            int data = s.reservedPages();
            pages += data + metadata.chargedPages(s.name(), data);
        }
        return pages;
    }

    /** Pages held back so that the next collection can complete (e.g. a semispace copy reserve). */
    protected int collectionReservePages() {
        return 0;
    }

    /** Pages counted against the budget: used pages plus the collection reserve. */
    public final int reservedPages() {
        return usedPages() + collectionReservePages();
    }

    final void beginCollection(GcReason why) {
        this.reason = why;
    }

    /** Why the collection in progress was requested (valid from its first packet to its last). */
    protected final GcReason collectionReason() {
        return reason;
    }

    /**
     * Collections to try for one allocation before reporting out of memory; every attempt after the
     * first is an {@link GcReason#EMERGENCY emergency} collection.
     */
    public int maxCollectionAttempts() {
        return 1;
    }

    /**
     * Whether a mutator asking {@code space} for {@code pages} pages must wait for a collection
     * (mmtk-core's {@code Plan::collection_required}); {@code budgetExceeded} is the trigger's answer.
     * A generational plan also collects when its nursery is full. Called with the poll's lock held.
     */
    public boolean collectionRequired(boolean budgetExceeded, String space, int pages) {
        return budgetExceeded;
    }

    /**
     * How many more pages mutators may take before {@link #collectionRequired} would say yes, when the
     * budget has {@code budgetFreePages} free: the budget's, unless the plan has a reason of its own to
     * collect sooner (a nursery that fills first). A synchronized replay of a granulated trace looks
     * ahead with it.
     */
    public int pagesBeforeCollection(int budgetFreePages) {
        return budgetFreePages;
    }

    /** What to collect for {@code reason}, or null if this plan does not collect for it. */
    public CollectionKind collectionKind(GcReason reason) {
        return CollectionKind.FULL;
    }

    /** The trace kind of a collection of {@code kind}: by default the full-heap trace ({@link #setFullHeapTrace}). */
    protected GcWorkContext workContext(CollectionKind kind) {
        return fullHeapTrace;
    }

    /**
     * Schedules one collection (run by the ScheduleCollection packet): stop mutators and scan roots,
     * prepare, the closure (primed by root scanning), weak references, release, end of GC.
     */
    public void scheduleCollection(GCWorker worker, CollectionKind kind) {
        Closure closure = new Closure(memory, args.packetCapacity(), workContext(kind), args.scanning(),
                args.heap().plugins());
        worker.addWork(Stage.UNCONSTRAINED, new StopMutators(this, args.collection(), closure));
        scheduleExtraRoots(worker, kind, closure);
        worker.addWork(Stage.PREPARE, new Prepare(this, kind));
        worker.addWork(Stage.WEAK_REF_CLOSURE, new ProcessWeakRefs(args.collection()));
        worker.addWork(Stage.RELEASE, new Release(this, kind));
        worker.addWork(Stage.FINAL, new EndOfGC(this, kind));
    }

    /**
     * Adds Prepare-stage packets that feed {@code closure} with edges beyond the binding's roots (a
     * generational plan's remembered set); they run once the mutators are stopped. None by default.
     */
    protected void scheduleExtraRoots(GCWorker worker, CollectionKind kind, Closure closure) {
    }

    /**
     * Schedules the RefForwarding stage of a collection that moved objects of {@code target} after the
     * closure: a packet per mutator's roots, one for the global roots, and packets over the live objects
     * of every space but {@code skip} (a space whose objects the plan redirects itself), block-structured
     * spaces in chunks of {@link SweepBlocks#BLOCKS_PER_PACKET} blocks.
     */
    protected final void scheduleRefForwarding(GCWorker worker, ForwardingSpace target, Space skip) {
        scheduleRootForwarding(worker, target);
        HeapServices heap = args.heap();
        forEachSpaceRange(skip, (s, from, to) -> worker.addWork(Stage.REF_FORWARDING,
                new ForwardObjects(memory, heap.validObjects(), s, from, to, target)));
    }

    /** Receives one address range of a space. */
    @FunctionalInterface
    protected interface SpaceRangeVisitor {
        void visit(Space space, long from, long to);
    }

    /**
     * Splits every space but {@code skip} (may be null) into ranges for parallel packets: a
     * block-structured space's used blocks in chunks of {@link SweepBlocks#BLOCKS_PER_PACKET} blocks,
     * any other space whole.
     */
    protected final void forEachSpaceRange(Space skip, SpaceRangeVisitor visitor) {
        for (Space s : args.heap().spaces().all()) {
            if (s == skip) {
                continue;
            }
            long end = s.end();
            long chunk = end - s.start();
            if (s instanceof BlockSweepable blocks) {
                end = s.start() + (long) blocks.blockLimit() * blocks.blockBytes();
                chunk = (long) SweepBlocks.BLOCKS_PER_PACKET * blocks.blockBytes();
            }
            for (long from = s.start(); from < end; from += chunk) {
                visitor.visit(s, from, Math.min(end, from + chunk));
            }
        }
    }

    /** RefForwarding packets for the roots only: one per mutator's roots, one for the global roots. */
    protected final void scheduleRootForwarding(GCWorker worker, ForwardingSpace target) {
        for (Mutator m : mutators()) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardRoots(args.scanning(), m.ordinal(), target));
        }
        worker.addWork(Stage.REF_FORWARDING, new ForwardRoots(args.scanning(), ForwardRoots.GLOBAL, target));
    }

    /** After a collection: the free memory inside every space's allocation units (for fragmentation). */
    public final FreeSpaceProfile freeSpace() {
        FreeSpaceProfile.Builder free = new FreeSpaceProfile.Builder();
        for (Space s : args.heap().spaces().all()) {
            s.describeFreeSpace(free);
        }
        return free.build();
    }

    /**
     * The sizes of the plan's own fixed spaces, by name in report order, for the run's header (a
     * generational plan's eden, survivor spaces and old generation); none by default.
     */
    public Map<String, Long> spaceSizes() {
        return Map.of();
    }

    /** After a collection: counters particular to this plan, by name in report order (none by default). */
    public Map<String, Long> collectionStats() {
        return Map.of();
    }

    /** Global preparation of the plan's own spaces (one packet, Prepare stage). */
    protected abstract void prepare(GCWorker worker, CollectionKind kind);

    /**
     * Global release of the plan's own spaces (one packet, Release stage); may add more Release packets
     * (e.g. sweeping). The common spaces are released by the base.
     */
    protected abstract void release(GCWorker worker, CollectionKind kind);

    /** The plan's release, then the large object space's sweep, in full collections only (nursery ones never mark it). */
    final void releaseAll(GCWorker worker, CollectionKind kind) {
        release(worker, kind);
        if (kind == CollectionKind.FULL) {
            worker.addWork(Stage.RELEASE, new SweepLargeObjects(los));
        }
    }

    /** Runs on each worker in the Prepare stage, after {@link #prepare}. */
    protected void prepareCollector(Collector collector) {
    }

    /** Runs on each worker in the Release stage, after {@link #release}. */
    protected void releaseCollector(Collector collector) {
    }

    /**
     * The last step of a collection (Final stage): the plan's, then, after a full collection, the
     * immortal space's marks are reset (a nursery collection never marks them).
     */
    protected void endOfGC(CollectionKind kind) {
    }

    final void endOfGCAll(CollectionKind kind) {
        endOfGC(kind);
        if (kind == CollectionKind.FULL) {
            immortal.flipMarkState();
        }
    }

    /** The plugins watching this heap. */
    protected final PluginHost plugins() {
        return args.heap().plugins();
    }
}
