package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.MarkQueue;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.BlockSweepable;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.immix.ImmixCompactor;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.sanity.RefCountCheck;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ConcurrentTrace;
import org.jmmtk.core.scheduling.ForwardListedFields;
import org.jmmtk.core.scheduling.KeptReferences;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.core.scheduling.SlideImmix;
import org.jmmtk.plans.immix.Immix;
import org.jmmtk.plans.refcount.ClearCounts;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * LXR (Zhao, Blackburn and McKinley, PLDI 2022), simplified (docs/collectors-iii.md, section "lxr",
 * says what is kept and what is left out): deferred, coalescing reference counting over one Immix
 * space, with a snapshot-at-the-beginning backup trace for cycles.
 *
 * <p>An RC pause ({@link #RC}) traces nothing: its closure turns the roots and the slots of the objects
 * the {@link FieldLoggingBarrier}s logged into increments, and the slots of every young object that
 * gets its first increment into more increments ({@link ScanModified}, the closure's trace);
 * {@link EvacuateYoung} moves those survivors out of the blocks mutators filled; {@link ProcessDecrements}
 * applies the epoch's decrements (the logged old referents and the previous pause's roots), recursively;
 * the sweep then frees every object left at zero and recomputes each block's free lines from the
 * live objects ({@link ImmixSpace#sweepByLiveness}); large objects at zero are freed
 * ({@link ReleaseLargeObjects}). An {@link #INITIAL_SATB} pause is an RC pause that then queues the
 * roots' objects for the snapshot trace, which runs as concurrent work ({@code --pacing}); the next
 * pause, {@link #FINAL_SATB}, finishes it ({@link FinishSatb}) and frees the counted objects it did not
 * mark ({@link ReclaimUnmarked}). A full collection ({@link CollectionKind#FULL}, and
 * {@link #EMERGENCY} when a pause freed too little) marks the heap as immix does while recomputing every
 * count from the edges it traces; a full one then defragments as immix does ({@link Defragment}), an
 * emergency one slides the Immix space ({@link ImmixCompactor}, the counts moving with the objects).
 *
 * <p>Weak slots (a trace's {@code K} records) do not count, by LXR's rule as by refcount's: no pause
 * increments or decrements through one, the snapshot trace and the full traces do not follow one.
 * Every pause discovers references: an RC pause resolves the reference objects it keeps between
 * pauses and those it notes among the logged objects and the young survivors ({@link KeptReferences})
 * once it has freed what it frees, clearing the slots whose referent it freed; a full collection
 * resolves what its trace discovered, as immix does, and keeps the marked references.
 *
 * <p>Threads: mutators allocate and run their barriers; a pause's packets call the hooks, ordered by
 * the scheduler's stages; concurrent marking packets run on GC workers between pauses; the counts are
 * updated atomically.
 */
public final class Lxr extends Plan {
    /** A reference-counting pause: increments, young evacuation, decrements, sweep by counts; no trace. */
    public static final CollectionKind RC = new CollectionKind("rc", false);
    /** An RC pause that also takes the snapshot and starts the backup trace, which runs concurrently. */
    public static final CollectionKind INITIAL_SATB = new CollectionKind("initial-satb", false);
    /** An RC pause that finishes the snapshot trace and frees what it found dead. */
    public static final CollectionKind FINAL_SATB = new CollectionKind("final-satb", false);
    /** The heap was still full after a pause: a stop-the-world full trace that slides the Immix space. */
    public static final CollectionKind EMERGENCY = new CollectionKind("emergency", true);
    private static final List<CollectionKind> KINDS = List.of(RC, INITIAL_SATB, FINAL_SATB, CollectionKind.FULL,
            EMERGENCY);
    /** An RC pause that leaves less than this fraction of the budget free is followed by a snapshot trace. */
    static final int CYCLE_TRIGGER_DIVISOR = 4;
    /** The copy reserve is this fraction of the budget. */
    static final int COPY_RESERVE_DIVISOR = 16;
    /** Objects per RefForwarding packet of an RC pause. */
    private static final int FORWARD_CHUNK = 4096;

    private final ImmixSpace immix;
    private final ImmixCompactor compactor;
    private final ReferenceCounts counts;
    private final SideBitmap logged;
    private final ImmixAllocator copier;
    private final ObjectTrace increment;
    private final ObjectTrace countingTrace;
    private final BlockSweepable sweepByCounts;
    private final ObjectTrace markTrace;
    private final Closure markClosure;
    private final MarkQueue queue = new MarkQueue();
    // from the end of an initial-satb pause to the start of the pause that ends the snapshot trace
    private volatile boolean marking;
    // set by a final-satb pause's Prepare for its sweep
    private volatile boolean clearMarksInSweep;
    // the root referents of the last pause, decremented by the next; touched only while mutators are stopped
    private LongArrayList rootReferents = new LongArrayList();
    private final AtomicLong died = new AtomicLong();
    // written by the collection's single packets, read by the next poll and the stats
    private volatile long survivors;
    private volatile long evacuated;
    private volatile long loggedObjects;
    private volatile long decrements;
    private volatile long satbFlushed;
    private final AtomicLong diedInCycles = new AtomicLong();
    private volatile boolean nextCycle;
    private int fullBlocks;
    // set by an emergency collection, cleared by a pause that leaves a quarter of the budget free:
    // the heap is too tight to hold a copy reserve back (young survivors then stay where they are)
    private volatile boolean tight;
    // whether the collection in progress (or the last one) slid the Immix space: an emergency one
    private volatile boolean slid;
    private final boolean measureFloatingGarbage;
    private final SnapshotCycle cycle = new SnapshotCycle();
    // reference objects whose weak slot held a referent at the last pause, and those noted in this one
    private final KeptReferences keptReferences;

    public Lxr(PlanArgs args) {
        super(args);
        this.immix = new ImmixSpace("immix", ImmixSpace.extentFor(2 * args.heapBytes(), args.heap().geometry()),
                args.heap());
        this.counts = new ReferenceCounts(args.heap().metadata());
        this.keptReferences = new KeptReferences(memory, references());
        ReferenceCounts rc = counts;
        // the counts the emergency trace recomputed follow the objects it slides
        this.compactor = new ImmixCompactor(immix, args.heap(), rc::move);
        this.logged = args.heap().metadata().bitmap(SideMetadataSpec.perGranule("lxr-log", true, 1), null);
        this.copier = new ImmixAllocator(memory, -1, immix, true, true);
        ImmixSpace space = immix;
        this.increment = (object, context) -> {
            if (rc.increment(object) == 1) {
                // young, and reached for the first time: it survives, and what it refers to is counted too
                context.enqueue(object);
            }
            return object;
        };
        ObjectTrace others = spaceTableTrace();
        this.countingTrace = (object, context) -> {
            rc.increment(object);
            return space.contains(object) ? space.traceObject(object, context) : others.traceObject(object, context);
        };
        this.sweepByCounts = new BlockSweepable() {
            @Override
            public int blockBytes() {
                return space.blockBytes();
            }

            @Override
            public int blockLimit() {
                return space.blockLimit();
            }

            @Override
            public void sweep(int from, int to) {
                space.sweepByLiveness(from, to, o -> rc.count(o) != 0, clearMarksInSweep);
            }
        };
        // the snapshot trace: young objects (no count yet) were allocated since the snapshot, live by construction
        this.markTrace = (object, context) -> rc.count(object) == 0 ? object
                : space.contains(object) ? space.traceObject(object, context) : others.traceObject(object, context);
        this.markClosure = new Closure(memory, args.packetCapacity(), markTrace, args.scanning(), args.heap().plugins());
        this.measureFloatingGarbage = option(FLOATING_GARBAGE) == 1;
    }

    @Override
    public PlanConstraints constraints() {
        return LxrConstraints.CONSTRAINTS;
    }

    ImmixSpace immixSpace() {
        return immix;
    }

    ReferenceCounts counts() {
        return counts;
    }

    KeptReferences keptReferences() {
        return keptReferences;
    }

    /** The weak-slot table of the pause in progress (the slots no count includes), or null if none is weak. */
    int[] weakSlotTable() {
        return references().table();
    }

    /** As in immix: objects above half an Immix block are large. */
    @Override
    public long largeObjectThreshold() {
        return heap().geometry().maxImmixObjectBytes();
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new LxrMutator(this, ordinal);
    }

    @Override
    protected Barrier createBarrier(int ordinal) {
        return new FieldLoggingBarrier(memory, counts, logged, references().weakSlots());
    }

    /** Every worker's context copies through the plan's one copy allocator (one packet at a time uses it). */
    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(copier);
        return c;
    }

    /**
     * Pages held back for copies: a pause starts while this much of the budget is still clean, and its
     * young evacuation, or a full collection's defragmentation, may copy into it (LXR evacuates young
     * survivors into clean blocks; with no room they would stay scattered in the blocks they were
     * allocated in). {@value #COPY_RESERVE_DIVISOR}th of the budget, at least a block; none while the
     * heap is tight (after an emergency collection, until a pause leaves a quarter of the budget free),
     * where holding a block back would leave the program out of memory beside room it could use.
     */
    @Override
    protected int collectionReservePages() {
        return tight ? 0 : Math.max(immix.pagesInBlock(), budgetPages() / COPY_RESERVE_DIVISOR);
    }

    /**
     * A pause that frees too little is retried: by a final-satb pause if a snapshot trace runs (it may
     * free cycles), then by an emergency full collection.
     */
    @Override
    public int maxCollectionAttempts() {
        return 3;
    }

    /**
     * A heap-full collection is an RC pause; it ends the snapshot trace if one runs (final-satb) and
     * starts one if the last RC pause left too little free (initial-satb). The retry after a pause that
     * freed too little finishes the snapshot trace if one runs, and is otherwise an emergency
     * collection; an explicit request and the final collection are full ones. Pauses come only from allocation, as in LXR, where the snapshot trace ends in an RC
     * pause: never at a pacing point between two records, where an object just allocated is not yet
     * stored anywhere and would die young (hence no {@code concurrentPauseDue}).
     */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        return switch (reason) {
            case HEAP_FULL -> marking ? FINAL_SATB : nextCycle ? INITIAL_SATB : RC;
            case EMERGENCY -> marking ? FINAL_SATB : EMERGENCY;
            default -> CollectionKind.FULL;
        };
    }

    /** Whether {@code kind} is a reference-counting pause (rc, initial-satb, final-satb): no full trace. */
    private static boolean countsOnly(CollectionKind kind) {
        return !kind.fullHeap;
    }

    // ---- the snapshot trace's concurrent work ----

    @Override
    public boolean concurrentWorkPending() {
        return marking && !queue.isEmpty();
    }

    @Override
    public WorkPacket<Collector> concurrentWork(boolean paced) {
        cycle.unitHandedOut();
        return new ConcurrentTrace(markClosure, queue, this::concurrentYieldRequested, paced);
    }

    /** Weak references are the binding's business in every pause (the replay binding keeps none). */
    @Override
    protected boolean processesWeakRefs(CollectionKind kind) {
        return true;
    }

    /**
     * Every pause discovers references: its scans (a young object's first, the snapshot trace's, a full
     * trace's) skip weak slots, and an initial-satb pause leaves the table with the workers for the
     * snapshot trace that follows it.
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    /**
     * A full collection resolves what its trace discovered (nothing has moved yet: defragmentation and
     * the slide come after) and keeps the marked references; an RC pause decides nothing here, before
     * its decrements: {@link #resolveReferences}.
     */
    @Override
    protected void processReferences(GCWorker<Collector> worker, CollectionKind kind) {
        if (!countsOnly(kind)) {
            super.processReferences(worker, kind);
            keptReferences.retain(o -> heap().spaces().spaceOf(o).isMarked(o));
        }
    }

    /**
     * An RC pause's reference processing, in its Release packet, once the decrements (and a final-satb
     * pause's reclamation) brought every dead object to count zero and before the sweep frees them: the
     * weak slot of each reference object still alive whose referent is dead is cleared.
     */
    private void resolveReferences() {
        keptReferences.resolve(o -> counts.count(o) != 0 || !immix.contains(o) && !largeObjectSpace().contains(o));
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return countsOnly(kind) ? increment : countingTrace;
    }

    /** An RC pause's closure starts from the logged objects' slots as well as from the roots. */
    @Override
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        if (countsOnly(kind)) {
            worker.addWork(Stage.PREPARE, new ScanModified(this, closure));
        }
        if (kind == FINAL_SATB) {
            worker.addWork(Stage.PREPARE, new FinishSatb(this, markClosure, queue));
        }
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        survivors = 0;
        evacuated = 0;
        satbFlushed = 0;
        died.set(0);
        diedInCycles.set(0);
        boolean endsTrace = marking;
        marking = false;
        clearMarksInSweep = kind == FINAL_SATB;
        copier.reset();
        long objects = 0;
        for (Mutator m : mutators()) {
            objects += ((LxrMutator) m).fieldBarrier().modified().size();
        }
        loggedObjects = objects;
        if (kind == FINAL_SATB) {
            long entries = 0;
            for (Mutator m : mutators()) {
                entries += ((LxrMutator) m).fieldBarrier().decrements().size();
            }
            satbFlushed = entries;
        }
        if (kind == INITIAL_SATB) {
            cycle.begin(worker.gc(), recordsReplayed());
        } else if (kind == FINAL_SATB && endsTrace) {
            cycle.end(recordsReplayed(), satbFlushed, loggedObjects);
        }
        if (countsOnly(kind)) {
            immix.prepareYoungEvacuation(budgetPages() - usedPages());
            worker.addWork(Stage.CALCULATE_FORWARDING, new EvacuateYoung(this, kind == FINAL_SATB));
            scheduleDecrements(worker, kind == FINAL_SATB);
        } else {
            if (endsTrace) {
                // a full trace interrupts the snapshot trace: its marks and queue are void
                queue.clear();
                forEachSpaceRange(null, (s, from, to) -> worker.addWork(Stage.PREPARE,
                        new ClearMarks(memory, s, from, to)));
            }
            // the trace recomputes every count: the epoch's buffers and the roots' counts are void
            decrements = 0;
            noteReferences();
            for (Mutator m : mutators()) {
                ((LxrMutator) m).fieldBarrier().clear();
                ((LxrMutator) m).young().clear();
            }
            rootReferents.clear();
            forEachSpaceRange(null, (s, from, to) -> worker.addWork(Stage.PREPARE, new ClearCounts(counts, from, to)));
            immix.prepare(kind == EMERGENCY, budgetPages() - usedPages());
            slid = kind == EMERGENCY;
            if (slid) {
                worker.addWork(Stage.CALCULATE_FORWARDING, new SlideImmix(compactor, w -> {
                    scheduleRefForwarding(w, compactor, null);
                    w.addWork(Stage.REF_FORWARDING, new ForwardKeptReferences(keptReferences, compactor::newAddress));
                }, this::defragmented));
            } else if (immix.inDefrag() && immix.sourceBlocks() > 0) {
                worker.addWork(Stage.CALCULATE_FORWARDING, new Defragment(this));
            }
        }
    }

    /**
     * A full collection's Prepare: the logged and young reference objects join the kept ones, which its
     * trace may keep (their buffers are then void).
     */
    private void noteReferences() {
        if (weakSlotTable() == null) {
            return;
        }
        for (Mutator m : mutators()) {
            LongArrayList modified = ((LxrMutator) m).fieldBarrier().modified();
            for (int i = 0, n = modified.size(); i < n; i++) {
                keptReferences.note(modified.getLong(i));
            }
            LongArrayList young = ((LxrMutator) m).young();
            for (int i = 0, n = young.size(); i < n; i++) {
                keptReferences.note(young.getLong(i));
            }
        }
    }

    /** Compact-stage packets over the logged old referents and the last pause's root referents. */
    private void scheduleDecrements(GCWorker<Collector> worker, boolean skipUnmarked) {
        LongArrayList all = new LongArrayList(rootReferents);
        for (Mutator m : mutators()) {
            all.addAll(((LxrMutator) m).fieldBarrier().decrements());
        }
        decrements = all.size();
        long[] list = all.toLongArray();
        for (int from = 0; from < list.length; from += ProcessDecrements.CHUNK) {
            worker.addWork(Stage.COMPACT,
                    new ProcessDecrements(this, list, from, Math.min(list.length, from + ProcessDecrements.CHUNK), skipUnmarked));
        }
    }

    /**
     * Called by the EvacuateYoung of a final-satb pause once the young survivors are marked: the
     * RefForwarding packets that free what the snapshot trace left unmarked, over every space as it
     * is now (young survivors may have been copied into blocks past the old limit).
     */
    void scheduleReclaimUnmarked(GCWorker<Collector> worker) {
        forEachSpaceRange(null, (s, from, to) -> worker.addWork(Stage.REF_FORWARDING, new ReclaimUnmarked(this, s, from, to)));
    }

    /** Called by EvacuateYoung. */
    void youngSurvived(long objects, long moved) {
        survivors = objects;
        evacuated = moved;
    }

    /**
     * Called by ReclaimUnmarked with the objects the snapshot trace found dead, and the trace bytes of
     * the marked objects of its range (those the trace marked and the young survivors).
     */
    void diedInCycles(long objects, long markedBytes) {
        diedInCycles.addAndGet(objects);
        cycle.marked(markedBytes);
    }

    /**
     * Called by the EvacuateYoung of a final-satb pause: trace bytes of the objects allocated during the
     * snapshot trace, and of those among them that died young (no count: no mark, freed by this pause).
     */
    void allocatedDuringMarking(long bytes, long diedYoungBytes) {
        cycle.allocatedDuringMarking(bytes, diedYoungBytes);
    }

    /** Called by Defragment, and after an emergency collection's slide. */
    void defragmented(long moved) {
        evacuated = moved;
    }

    /** Called by each ProcessDecrements packet with the objects whose counts it brought to zero. */
    void died(long objects) {
        died.addAndGet(objects);
    }

    /** RefForwarding of an RC pause: the roots, and the fields of {@code objects} (survivors and logged objects). */
    void scheduleYoungForwarding(GCWorker<Collector> worker, long[] objects) {
        scheduleRootForwarding(worker, immix);
        for (int from = 0; from < objects.length; from += FORWARD_CHUNK) {
            worker.addWork(Stage.REF_FORWARDING,
                    new ForwardListedFields(memory, objects, from, Math.min(objects.length, from + FORWARD_CHUNK), immix));
        }
    }

    /** RefForwarding of a full collection that defragmented: every slot, and the moved objects' counts. */
    void scheduleFullForwarding(GCWorker<Collector> worker) {
        scheduleRefForwarding(worker, immix, null);
        worker.addWork(Stage.REF_FORWARDING, new ForwardKeptReferences(keptReferences,
                o -> ObjectModel.isForwarded(memory, o) ? ObjectModel.forwardee(memory, o) : o));
        long chunk = (long) SweepBlocks.BLOCKS_PER_PACKET * immix.blockBytes();
        long end = immix.start() + (long) immix.blockLimit() * immix.blockBytes();
        for (long from = immix.start(); from < end; from += chunk) {
            worker.addWork(Stage.REF_FORWARDING,
                    new TransferCounts(memory, heap().validObjects(), counts, from, Math.min(end, from + chunk)));
        }
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        if (countsOnly(kind)) {
            resolveReferences();
            SweepBlocks.schedule(worker, sweepByCounts);
            worker.addWork(Stage.RELEASE, new ReleaseLargeObjects(largeObjectSpace(), counts, memory, kind == FINAL_SATB));
        } else {
            SweepBlocks.schedule(worker, immix);
        }
    }

    /**
     * The end of every pause: the epoch's buffers are emptied (logged objects lose their log bit), the
     * roots' referents are noted (their counts are taken back by the next pause), and the recyclable
     * blocks are listed.
     */
    @Override
    protected void endOfGC(CollectionKind kind) {
        fullBlocks = immix.rebuildRecyclableList();
        for (Mutator m : mutators()) {
            ((LxrMutator) m).fieldBarrier().clear();
            ((LxrMutator) m).young().clear();
        }
        LongArrayList roots = new LongArrayList();
        for (Mutator m : mutators()) {
            scanning().scanMutatorRoots(m.ordinal(), slot -> addReferent(roots, slot));
        }
        scanning().scanGlobalRoots(slot -> addReferent(roots, slot));
        rootReferents = roots;
        int budget = budgetPages();
        if (kind == EMERGENCY) {
            tight = true;
        } else if (budget - usedPages() >= budget / CYCLE_TRIGGER_DIVISOR) {
            tight = false;
        }
        nextCycle = kind == RC && budget - reservedPages() < budget / CYCLE_TRIGGER_DIVISOR;
        if (kind == INITIAL_SATB) {
            startSnapshotTrace();
        }
        if (sanity()) {
            RefCountCheck.verify(memory, heap().validObjects(), spaces(), counts, new LongArrayList(), rootReferents,
                    weakSlots().table());
        }
    }

    /**
     * The end of an initial-satb pause: the heap as it is now is the snapshot. The roots' objects are
     * queued, unmarked, in address order (the snapshot trace marks and scans them), and the barriers'
     * logging, which every RC epoch does anyway, now feeds the trace too.
     */
    private void startSnapshotTrace() {
        long[] gray = rootReferents.toLongArray();
        Arrays.sort(gray);
        int capacity = markClosure.packetCapacity();
        for (int from = 0; from < gray.length; from += capacity) {
            int to = Math.min(gray.length, from + capacity);
            queue.addObjects(Arrays.copyOfRange(gray, from, to), to - from);
        }
        marking = true;
    }

    private void addReferent(LongArrayList roots, long slot) {
        long object = memory.load(slot);
        if (object != 0) {
            roots.add(object);
        }
    }

    /**
     * Per collection: the young objects that survived and those evacuated (or, in a full collection,
     * the objects defragmentation moved), the objects logged and the decrements applied, the objects
     * reference counting found dead, and the Immix space's block counters. After a final-satb pause,
     * the snapshot cycle's metrics ({@link SnapshotCycle#putStats}), counted in the pause before
     * reference counting frees any of it, so the floating garbage the pause did not free is dead cycles
     * formed during the trace and what they hold. Runs after the pause, with the mutators stopped.
     */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("youngSurvivors", survivors);
        stats.put("objectsLogged", loggedObjects);
        stats.put("decrements", decrements);
        stats.put("objectsFreedByRc", died.get());
        stats.put("satbEntriesFlushed", satbFlushed);
        stats.put("objectsFreedBySatb", diedInCycles.get());
        Immix.putStats(stats, immix, budgetPages() - reservedPages(), fullBlocks, evacuated);
        if (slid) {
            stats.put("defragSourceBlocks", (long) compactor.blocksCompacted());
        }
        if (cycle.ended()) {
            if (measureFloatingGarbage) {
                cycle.putStats(stats, reachableBytes(), heapObjectBytes());
            } else {
                cycle.putStats(stats, -1, -1);
            }
        }
        return stats;
    }
}
