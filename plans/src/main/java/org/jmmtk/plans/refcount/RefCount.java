package org.jmmtk.plans.refcount;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.RefCountBarrier;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.MarkSweepSpace;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.sanity.RefCountCheck;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.KeptReferences;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Deferred reference counting with a backup tracing cycle collector (see the package documentation
 * for each policy and its source). Objects live in a segregated free-list space (the mark-sweep
 * space's cells, which RC frees one at a time) or the large object space; counts and the zero-count
 * table (ZCT) are side metadata ({@link ReferenceCounts}) kept by each mutator's
 * {@link RefCountBarrier}.
 *
 * <p>An RC collection ({@link #RC}) counts the roots in parallel ProcessEdges packets
 * that trace nothing, then {@link ProcessZct} frees, in one packet, every ZCT object whose count is
 * still zero and what that frees in turn, undoes the root counts and relinks the free lists. A cycle
 * collection ({@link CollectionKind#FULL}) zeroes all counts ({@link ClearCounts}), marks the heap in
 * parallel while counting every traced edge, subtracts the root edges, and sweeps.
 *
 * <p>Threads: mutators poll and allocate; the packets of one collection call the hooks, ordered by
 * the scheduler's bucket opening.
 */
public final class RefCount extends Plan {
    /**
     * A collection that counts the roots and frees the objects of the zero-count table whose counts stay
     * zero: no tracing at all.
     */
    public static final CollectionKind RC = new CollectionKind("rc", false);
    private static final List<CollectionKind> KINDS = List.of(RC, CollectionKind.FULL);
    /** An RC collection that leaves less than this fraction of the budget free is followed by a cycle collection. */
    static final int CYCLE_TRIGGER_DIVISOR = 8;

    private final MarkSweepSpace ms;
    private final ReferenceCounts counts;
    private final ObjectTrace countRoots;
    private final ObjectTrace countingTrace;
    // objects the undoing of root counts dropped to zero; touched only by a collection's single packets
    private final LongArrayList zct = new LongArrayList();
    // reference objects whose weak slot held a referent at the last collection; touched by its single packets
    private final KeptReferences referenceObjects;
    // written by the collection's last packet, read by the next poll and by the stats
    private volatile boolean nextCycle;
    private volatile long freedByRc;
    private volatile long freedByCycles;

    public RefCount(PlanArgs args) {
        super(args);
        this.ms = new MarkSweepSpace("rc", args.heapBytes() + args.heap().geometry().blockBytes(), args.heap());
        this.counts = new ReferenceCounts(args.heap().metadata());
        this.referenceObjects = new KeptReferences(memory, references());
        ReferenceCounts rc = counts;
        this.countRoots = (object, context) -> {
            rc.increment(object);
            return object;
        };
        ObjectTrace trace = spaceTableTrace();
        this.countingTrace = (object, context) -> {
            rc.increment(object);
            return trace.traceObject(object, context);
        };
    }

    @Override
    public PlanConstraints constraints() {
        return RefCountConstraints.CONSTRAINTS;
    }

    MarkSweepSpace freeListSpace() {
        return ms;
    }

    ReferenceCounts counts() {
        return counts;
    }

    LongArrayList zct() {
        return zct;
    }

    /** Objects larger than the largest cell go to the large object space. */
    @Override
    public long largeObjectThreshold() {
        return ms.sizeClasses().maxCellBytes();
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new RefCountMutator(this, ordinal);
    }

    @Override
    protected Barrier createBarrier(int ordinal) {
        return new RefCountBarrier(memory, counts, references().weakSlots());
    }

    /** An RC collection that frees too little makes the heap full again at once: then a cycle collection. */
    @Override
    public int maxCollectionAttempts() {
        return 2;
    }

    /**
     * A heap-full collection is an RC collection unless the last one left too little free; an emergency,
     * an explicit request and the final collection are cycle collections.
     */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        if (reason == GcReason.HEAP_FULL && !nextCycle) {
            return RC;
        }
        return CollectionKind.FULL;
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    /** RC collections count the roots and trace nothing; cycle collections count every traced edge. */
    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == RC ? countRoots : countingTrace;
    }

    /**
     * The cycle collector discovers references as a tracing collection does (its trace counts no weak
     * slot, as the barrier does not); an RC collection traces nothing and resolves the references the
     * barriers noted once it has freed what it frees ({@link #resolveReferences}).
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return kind == CollectionKind.FULL;
    }

    /** After a cycle collection's resolution: the references it keeps are those it marked whose referent it kept. */
    @Override
    protected void processReferences(GCWorker<Collector> worker, CollectionKind kind) {
        super.processReferences(worker, kind);
        if (kind == CollectionKind.FULL) {
            noteReferences();
            referenceObjects.retain(o -> heap().spaces().spaceOf(o).isMarked(o));
        }
    }

    /**
     * An RC collection's reference processing, once {@link ProcessZct} freed what it frees (weak slots do
     * not count, so a referent nothing else refers to was freed when it reached zero): the weak slot of
     * every reference object still alive whose referent was freed is cleared.
     */
    void resolveReferences() {
        SideBitmap valid = heap().validObjects();
        noteReferences();
        referenceObjects.resolve(valid::get);
    }

    /** Takes the reference objects the barriers noted since the last collection, each mutator's in ordinal order. */
    private void noteReferences() {
        LongArrayList noted = new LongArrayList();
        for (Mutator m : mutators()) {
            ((RefCountBarrier) m.barrier()).takeReferences(noted);
        }
        referenceObjects.noteAll(noted);
    }

    /** The weak-slot table as it is now: the slots the barriers do not count. */
    int[] weakSlotTable() {
        return references().weakSlots().table();
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            forEachSpaceRange(null, (s, from, to) -> worker.addWork(Stage.PREPARE, new ClearCounts(counts, from, to)));
            zct.clear();
            for (Mutator m : mutators()) {
                m.barrier().rememberedSet().clear();
            }
        }
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == RC) {
            worker.addWork(Stage.RELEASE, new ProcessZct(this));
        } else {
            undoRootCounts();
            SweepBlocks.schedule(worker, ms);
        }
    }

    /** Takes back the counts the roots got this collection; objects left at zero enter the plan's ZCT buffer. */
    void undoRootCounts() {
        for (Mutator m : mutators()) {
            scanning().scanMutatorRoots(m.ordinal(), slot -> uncountRoot(memory.load(slot)));
        }
        scanning().scanGlobalRoots(slot -> uncountRoot(memory.load(slot)));
    }

    private void uncountRoot(long object) {
        if (object != 0 && counts.decrement(object) && counts.enterZct(object)) {
            zct.add(object);
        }
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        ms.rebuildAvailableLists();
        long freed = ms.takeObjectsFreed() + largeObjectSpace().takeObjectsFreed();
        freedByRc = kind == RC ? freed : 0;
        freedByCycles = kind == RC ? 0 : freed;
        int budget = budgetPages();
        nextCycle = kind == RC && budget - reservedPages() < budget / CYCLE_TRIGGER_DIVISOR;
        if (sanity()) {
            RefCountCheck.verify(memory, heap().validObjects(), spaces(), counts, zctEntries(), new LongArrayList(),
                    weakSlotTable());
        }
    }

    /** Every entry of the ZCT: the plan's buffer, then each mutator's, in ordinal order. */
    LongArrayList zctEntries() {
        LongArrayList all = new LongArrayList(zct);
        for (Mutator m : mutators()) {
            RememberedSet set = m.barrier().rememberedSet();
            for (int i = 0; i < set.size(); i++) {
                all.add(set.get(i));
            }
        }
        return all;
    }

    /** Per collection: objects freed by reference counting and by the cycle collector. */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("objectsFreedByRc", freedByRc);
        stats.put("objectsFreedByCycleCollector", freedByCycles);
        return stats;
    }
}
