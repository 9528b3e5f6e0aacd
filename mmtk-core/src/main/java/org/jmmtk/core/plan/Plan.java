package org.jmmtk.core.plan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.NoBarrier;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.ImmortalSpace;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.SweepLargeObjects;
import org.jmmtk.core.sanity.SanityChecker;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ForwardObjects;
import org.jmmtk.core.scheduling.ForwardRoots;
import org.jmmtk.core.scheduling.FullHeapTrace;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.core.scheduling.ProcessWeakRefs;
import org.jmmtk.core.scheduling.ReferenceProcessor;
import org.jmmtk.core.stats.FreeSpaceProfile;
import org.jmmtk.core.vm.Scanning;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * A collector: a set of spaces, a mutator configuration, how a collection is scheduled as packets, and
 * the global prepare/release steps (MMTk's {@code Plan} with its {@code CommonPlan}). This base owns
 * what every plan shares: the large object space and the immortal space (created, prepared and
 * released here), dispatch of tracing to each object's space through the space table, and the
 * default schedule. It creates mutators when the binding asks and reaches them through the binding,
 * which owns them ({@link ActivePlan}). A plan adds its own spaces and says only what differs.
 * Each plan lives in its own package with its constraints and mutator beside it.
 *
 * <p>Threads: mutators call the allocation-side methods; GC workers call prepare/release and the
 * per-collector hooks during a collection.
 */
public abstract class Plan {
    /**
     * The option of a concurrent plan that measures each cycle's floating garbage ({@link #reachableBytes}),
     * shared by the plans that report it (concurrentimmix, lxr).
     */
    public static final PlanOption FLOATING_GARBAGE = PlanOption.integer("floating-garbage",
            "1: measure each cycle's floating garbage with an independent reachability walk after the pause "
                    + "that ends it (outside the pause's time, not the run's); 0: report -1", 0, 0, 1);

    private final PlanArgs args;
    protected final SimulatedMemory memory;
    private final LargeObjectSpace los;
    private final ImmortalSpace immortal;
    private final ObjectTrace spaceTableTrace;
    private final ReferenceProcessor references = new ReferenceProcessor();
    // set while the plan is built, before any collection
    private ObjectTrace fullHeapTrace;
    // written by the collection's first packet, read by its later packets: bucket opening orders them
    private GcReason reason = GcReason.HEAP_FULL;
    // set by the driver before a pause under real pacing, read by concurrent packets on GC workers
    private volatile boolean concurrentYield;
    private final CollectorDesignation designation = new CollectorDesignation(PerWorkerHooks.of(getClass()));
    private final SpaceUsage usage;

    protected Plan(PlanArgs args) {
        this.args = args;
        this.memory = args.heap().memory();
        this.usage = new SpaceUsage(args.heap());
        // twice the budget in virtual space, so page-run fragmentation alone never fails an allocation
        this.los = new LargeObjectSpace("los", 2 * args.heapBytes(), args.heap());
        this.immortal = new ImmortalSpace("immortal", args.heapBytes(), args.heap());
        this.spaceTableTrace = new FullHeapTrace(args.heap().spaces());
        this.fullHeapTrace = spaceTableTrace;
    }

    /** The trace that hands every object to the policy of the space the space table names. */
    protected final ObjectTrace spaceTableTrace() {
        return spaceTableTrace;
    }

    /**
     * Makes {@code trace} the trace of full-heap collections (the space table's by default). A plan
     * whose objects are nearly all in one space of a final policy class passes mmtk-core's derived
     * {@code PlanTraceObject}: that space's objects, told by their address, go straight to its policy,
     * a call the JIT binds statically and inlines into the closure's loop, the rest to
     * {@link #spaceTableTrace()}. A {@link org.jmmtk.core.scheduling.FusedTrace} (marksweep's
     * {@code MarkSweepSpaceTrace}, semispace's {@code CopySpaceTrace}) goes further and runs the packet's
     * whole loop, with marking or copying fused with scanning. Called from the plan's constructor.
     */
    protected final void setFullHeapTrace(ObjectTrace trace) {
        this.fullHeapTrace = trace;
    }

    public abstract PlanConstraints constraints();

    /** The table in which the binding marks the weak slot of each type that has one (a Reference's referent). */
    public final WeakSlots weakSlots() {
        return references.weakSlots();
    }

    /** This plan's reference processor: the weak slots its collections set aside, and their counts. */
    protected final ReferenceProcessor references() {
        return references;
    }

    /**
     * Whether a collection of {@code kind} discovers references: its scans set weak slots aside, and once
     * the closure is complete {@link #processReferences} clears those whose referent died. No by default:
     * the plan's own scanning loops take every slot as strong (docs/recording.md, "What HotSpot clears").
     * A concurrent plan's pause that only starts the marking ({@link #processesWeakRefs} false) may
     * discover too: the workers keep the table for the concurrent marking that follows, whose discoveries
     * the pause ending it takes over ({@link ReferenceProcessor#keepDiscovered}).
     */
    protected boolean discoversReferences(CollectionKind kind) {
        return false;
    }

    /**
     * In a collection that discovers references, once the closure is complete: the address of
     * {@code referent} after the collection, or 0 if nothing but weak slots reached it. By default: itself
     * if the collection does not collect it ({@link #collects}), else its copy if it was forwarded, itself
     * if its space marked it, else 0.
     */
    protected long referentAfterClosure(CollectionKind kind, long referent) {
        if (!collects(kind, referent)) {
            return referent;
        }
        if (ObjectModel.isForwarded(memory, referent)) {
            return ObjectModel.forwardee(memory, referent);
        }
        Space s = heap().spaces().spaceOf(referent);
        return s != null && s.isMarked(referent) ? referent : 0;
    }

    /**
     * Whether a collection of {@code kind} traces {@code object}'s space (or part of it), so that the
     * closure marked or forwarded {@code object} if it is alive. Yes by default (a collection of the whole
     * heap); a partial collection (a nursery, a window) takes what it does not collect as alive, as it
     * leaves it untraced.
     */
    protected boolean collects(CollectionKind kind, long object) {
        return true;
    }

    /** WeakRefClosure stage, one packet: resolves the weak slots the closure set aside ({@link ReferenceProcessor#process}). */
    protected void processReferences(GCWorker<Collector> worker, CollectionKind kind) {
        if (references.discovering()) {
            references.process(worker, memory, referent -> referentAfterClosure(kind, referent));
        }
    }

    /** The heap this plan's spaces share. */
    public final HeapServices heap() {
        return args.heap();
    }

    public final SimulatedMemory memory() {
        return memory;
    }

    /** The heap size in pages, as the trigger that owns the budget gives it ({@code GcTrigger.heapPages}). */
    protected final int budgetPages() {
        return args.trigger().heapPages();
    }

    /** The value of one of the options its provider declares: as given, or the declared default. */
    protected final long option(PlanOption option) {
        return args.planOptions().get(option);
    }

    /**
     * The value of a size option that cannot exceed the heap (a nursery, a window), as {@link #option}; an
     * {@link IllegalArgumentException} naming the option when it is larger than the heap (it was taken
     * silently as the most the plan allows, which made another experiment than the one asked for).
     */
    protected final long optionWithinHeap(PlanOption option) {
        long bytes = option(option);
        if (bytes > args.heapBytes()) {
            throw new IllegalArgumentException(option.flag() + " " + bytes + " is larger than the heap ("
                    + args.heapBytes() + " bytes)");
        }
        return bytes;
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

    /**
     * Whether a mutator's allocation may set an object's valid-object bit without an atomic instruction
     * ({@link SideBitmap#setUnshared}): true only if, while mutators run, no other thread changes a
     * bit in the same bitmap word, i.e. no GC thread sets or clears valid bits concurrently and each
     * mutator allocates in memory it owns in aligned runs of whole bitmap words ({@code 1 <<}
     * {@link SideBitmap#LOG_BYTES_PER_BITMAP_WORD} bytes each). False by default; read once per mutator.
     */
    protected boolean mutatorsOwnValidBitWords() {
        return false;
    }

    /** Objects whose simulated size is above this are allocated in the large object space. */
    public long largeObjectThreshold() {
        return args.heap().geometry().largeObjectThreshold();
    }

    /** All spaces of the plan, the common ones included. */
    public final List<Space> spaces() {
        return args.heap().spaces().all();
    }

    /**
     * Creates the context of mutator thread {@code ordinal} (mmtk-core's {@code create_mutator}) for the
     * binding, which keeps it and numbers its mutators from 0.
     */
    public final Mutator bindMutator(int ordinal) {
        return createMutator(ordinal);
    }

    protected abstract Mutator createMutator(int ordinal);

    /** The binding's mutators, in ordinal order ({@link ActivePlan#mutators}). */
    public final List<Mutator> mutators() {
        return args.activePlan().mutators();
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
        return usage.usedPages();
    }

    /**
     * Notes the pages each space holds now with the side metadata registry, which counts a lazily mapped
     * table for the most pages its spaces held at the moments noted: each collection's start (the
     * collection driver) and the end of a run (the binding's result). A space's pages only grow between
     * collections, so these moments see its peak, a collection's copies included (they are there at the
     * next collection's start or at the end).
     */
    public final void notePeakPages() {
        usage.notePeakPages();
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

    /** What to collect for {@code reason}, or null if this plan does not collect for it; one of {@link #collectionKinds()}. */
    public CollectionKind collectionKind(GcReason reason) {
        return CollectionKind.FULL;
    }

    /**
     * Every kind of collection this plan runs, in report order: reports count each, zeros included
     * (by default only {@link CollectionKind#FULL}).
     */
    public List<CollectionKind> collectionKinds() {
        return List.of(CollectionKind.FULL);
    }

    /** The trace of a collection of {@code kind}: by default the full-heap trace ({@link #setFullHeapTrace}). */
    protected ObjectTrace trace(CollectionKind kind) {
        return fullHeapTrace;
    }

    /**
     * Schedules one collection (run by the ScheduleCollection packet): stop mutators and scan roots,
     * prepare, the closure (primed by root scanning), weak references, release, end of GC.
     */
    public void scheduleCollection(GCWorker<Collector> worker, CollectionKind kind) {
        Closure closure = new Closure(memory, args.packetCapacity(), trace(kind), args.scanning(),
                args.heap().plugins());
        worker.addWork(Stage.UNCONSTRAINED, new StopMutators(this, args.collection(), closure));
        scheduleExtraRoots(worker, kind, closure);
        int[] weakSlots = references.startCollection(discoversReferences(kind));
        worker.addWork(Stage.PREPARE, new Prepare(this, kind, weakSlots));
        if (processesWeakRefs(kind)) {
            worker.addWork(Stage.WEAK_REF_CLOSURE, new ProcessWeakRefs(args.collection(), w -> processReferences(w, kind)));
        }
        worker.addWork(Stage.RELEASE, new Release(this, kind));
        worker.addWork(Stage.FINAL, new EndOfGC(this, kind));
    }

    /**
     * Whether a collection of {@code kind} retains or clears the binding's weak references: yes, unless
     * its closure is not the whole of the marking (a concurrent plan's InitialMark only shades the roots).
     */
    protected boolean processesWeakRefs(CollectionKind kind) {
        return true;
    }

    /**
     * Whether a collection of {@code kind} may free objects: false for a pause that only starts a
     * concurrent cycle (ConcurrentImmix's InitialMark), whose marks free nothing before the pause that
     * ends the cycle. The replay prunes its table of object ids only after collections that may.
     */
    public boolean freesObjects(CollectionKind kind) {
        return true;
    }

    // ---- concurrent work: plans whose provider says PlanProvider.concurrent() ----

    /**
     * Whether the plan has concurrent work to do now (ConcurrentImmix: marking is in progress and its
     * mark queue holds work). Asked by the driver at the program's pacing points ({@code --pacing}),
     * with no collection running. None by default.
     */
    public boolean concurrentWorkPending() {
        return false;
    }

    /**
     * The first packet of concurrent work, which the driver runs on the GC workers outside any pause. If
     * {@code paced} ({@code --pacing K}) it is one bounded unit that adds no more packets, so the heap
     * after it does not depend on the number of GC threads, run by worker 0 on the replaying thread;
     * otherwise ({@code --pacing real}; in the Unconstrained bucket, where mmtk-core's concurrent packets
     * go too) its packets may add more until the work is done or {@link #concurrentYieldRequested()}.
     * Only called when {@link #concurrentWorkPending()}.
     */
    public WorkPacket<Collector> concurrentWork(boolean paced) {
        throw new UnsupportedOperationException("plan has no concurrent work");
    }

    /**
     * Whether the concurrent work is done and the pause that ends it is due (ConcurrentImmix's
     * FinalMark): the driver then collects for {@link GcReason#CONCURRENT}. No by default.
     */
    public boolean concurrentPauseDue() {
        return false;
    }

    /** Set by the driver around a pause under real pacing: running concurrent packets stop soon, leaving their work queued. */
    public final void requestConcurrentYield(boolean yield) {
        concurrentYield = yield;
    }

    /** Whether concurrent packets should stop adding work and return (a pause is waiting for the workers). */
    public final boolean concurrentYieldRequested() {
        return concurrentYield;
    }

    /** The binding's position in the program: records executed so far, type declarations excepted, or -1. */
    protected final long recordsReplayed() {
        return args.collection().recordsReplayed();
    }

    /**
     * Trace bytes reachable from the roots now, by the sanity checker's independent walk: a concurrent
     * plan's floating-garbage measure ({@link #FLOATING_GARBAGE}), taken after the pause that ends a
     * cycle, with the mutators stopped.
     */
    protected final long reachableBytes() {
        return SanityChecker.check(memory, heap().spaces(), heap().validObjects(), scanning(), mutators().size(),
                        weakSlots().table())
                .traceBytes();
    }

    /** Trace bytes of every object in the plan's spaces: after a sweep, those the collection kept. */
    protected final long heapObjectBytes() {
        return usage.objectBytes();
    }

    /**
     * Adds Prepare-stage packets that feed {@code closure} with edges beyond the binding's roots (a
     * generational plan's remembered set); they run once the mutators are stopped. None by default.
     */
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
    }

    /**
     * Schedules the RefForwarding stage of a collection that moved objects of {@code target} after the
     * closure: a packet per mutator's roots, one for the global roots, and packets over the live objects
     * of every space but {@code skip} (a space whose objects the plan redirects itself), block-structured
     * spaces in chunks of {@link SweepBlocks#BLOCKS_PER_PACKET} blocks.
     */
    protected final void scheduleRefForwarding(GCWorker<Collector> worker, ForwardingSpace target, Space skip) {
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
        SpaceRanges.forEach(args.heap().spaces().all(), skip, visitor);
    }

    /** RefForwarding packets for the roots only: one per mutator's roots, one for the global roots. */
    protected final void scheduleRootForwarding(GCWorker<Collector> worker, ForwardingSpace target) {
        for (Mutator m : mutators()) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardRoots(args.scanning(), m.ordinal(), target));
        }
        worker.addWork(Stage.REF_FORWARDING, new ForwardRoots(args.scanning(), ForwardRoots.GLOBAL, target));
    }

    /** After a collection: the free memory inside every space's allocation units (for fragmentation). */
    public final FreeSpaceProfile freeSpace() {
        return usage.freeSpace();
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

    /** Names of the reference counts in a collection's statistics (HotSpot's {@code gc+ref} "Discovered", "Cleared"). */
    public static final String WEAK_REFS_DISCOVERED = "weakRefsDiscovered";
    public static final String WEAK_REFS_CLEARED = "weakRefsCleared";

    /**
     * After a collection: {@link #collectionStats}, then, if the program has weak slots and this plan
     * discovers references in some collections, the weak references this one discovered and cleared.
     */
    public final Map<String, Long> collectionStatsWithReferences() {
        Map<String, Long> plan = collectionStats();
        if (weakSlots().isEmpty() || !processesReferencesAtAll()) {
            return plan;
        }
        Map<String, Long> all = new LinkedHashMap<>(plan);
        all.put(WEAK_REFS_DISCOVERED, references.discovered());
        all.put(WEAK_REFS_CLEARED, references.cleared());
        return all;
    }

    private boolean processesReferencesAtAll() {
        for (CollectionKind k : collectionKinds()) {
            if (discoversReferences(k)) {
                return true;
            }
        }
        return false;
    }

    /** Global preparation of the plan's own spaces (one packet, Prepare stage). */
    protected abstract void prepare(GCWorker<Collector> worker, CollectionKind kind);

    /**
     * Global release of the plan's own spaces (one packet, Release stage); may add more Release packets
     * (e.g. sweeping). The common spaces are released by the base.
     */
    protected abstract void release(GCWorker<Collector> worker, CollectionKind kind);

    /** The plan's release, then the large object space's sweep, in full-heap collections only (others never mark it). */
    final void releaseAll(GCWorker<Collector> worker, CollectionKind kind) {
        release(worker, kind);
        if (kind.fullHeap) {
            worker.addWork(Stage.RELEASE, new SweepLargeObjects(los));
        }
    }

    /** Whether a collection's Prepare and Release designate per-worker packets to every worker. */
    final CollectorDesignation designation() {
        return designation;
    }

    /**
     * Runs on each worker in the Prepare stage, after {@link #prepare}. Only a plan that overrides it (or
     * a collection that discovers references) has it run: otherwise no worker is woken for it.
     */
    protected void prepareCollector(Collector collector) {
    }

    /** Runs on each worker in the Release stage, after {@link #release}; only a plan that overrides it has it run. */
    protected void releaseCollector(Collector collector) {
    }

    /**
     * The last step of a collection (Final stage): the plan's, then, after a full-heap collection, the
     * immortal space's marks are reset (other kinds never mark them).
     */
    protected void endOfGC(CollectionKind kind) {
    }

    final void endOfGCAll(CollectionKind kind) {
        endOfGC(kind);
        if (kind.fullHeap) {
            immortal.flipMarkState();
        }
    }

    /** The plugins watching this heap. */
    protected final PluginHost plugins() {
        return args.heap().plugins();
    }
}
