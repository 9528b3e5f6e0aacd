package org.jmmtk.plans.immix;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Immix (mark-region, Blackburn and McKinley, PLDI 2008) with opportunistic defragmentation: mutators
 * bump-allocate into holes of free lines; a collection marks objects and their lines in place; a
 * defragmenting collection then evacuates the most fragmented blocks (Evacuate, RefForwarding);
 * finally the blocks are swept in parallel packets, freeing empty blocks and making blocks with free
 * lines recyclable. A heap-full collection that leaves too little room is followed by an emergency
 * collection, which always defragments, before the run reports out of memory. Large objects live in
 * the common large object space.
 */
public final class Immix extends Plan {
    private final ImmixSpace immix;
    // written by the Evacuate packet, read at the end of the collection
    private volatile long evacuated;
    private int fullBlocks;

    public Immix(PlanArgs args) {
        super(args);
        this.immix = new ImmixSpace("immix", ImmixSpace.extentFor(args.heapBytes(), args.heap().geometry()), args.heap());
        ImmixSpace space = immix;
        ObjectTrace others = spaceTableTrace();
        // nearly every object is in the Immix space: by address, straight to its policy
        setFullHeapTrace((object, context) -> space.contains(object)
                ? space.traceObject(object, context) : others.traceObject(object, context));
    }

    @Override
    public PlanConstraints constraints() {
        return ImmixConstraints.CONSTRAINTS;
    }

    /**
     * MMTk's rule: every collection traces the whole heap and discovers every reference; a referent
     * nothing but weak slots reached is cleared (the base's {@code referentAfterClosure}).
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    ImmixSpace immixSpace() {
        return immix;
    }

    /** Objects larger than half an Immix block (at most 8 KiB) are large. */
    @Override
    public long largeObjectThreshold() {
        return heap().geometry().maxImmixObjectBytes();
    }

    /**
     * Mutators allocate in Immix blocks and runs of large-object pages that each holds alone, and the
     * collector runs only while they are stopped, so with blocks and pages of at least a bitmap word's
     * coverage no two threads change one word of the valid-object bits: the atomic set would only make
     * each allocation wait for its header stores to drain.
     */
    @Override
    protected boolean mutatorsOwnValidBitWords() {
        return blocksCoverValidBitWords(heap().geometry());
    }

    /**
     * Whether Immix blocks and large-object pages, which each mutator allocates in alone, each cover
     * whole words of the valid-object bits ({@code 1 <<} {@link SideBitmap#LOG_BYTES_PER_BITMAP_WORD} bytes).
     */
    public static boolean blocksCoverValidBitWords(HeapGeometry g) {
        return Math.min(g.pageBytes(), g.immixBlockBytes()) >= 1 << SideBitmap.LOG_BYTES_PER_BITMAP_WORD;
    }

    /** A second, emergency, collection (which defragments) before reporting out of memory. */
    @Override
    public int maxCollectionAttempts() {
        return 2;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new ImmixMutator(this, ordinal);
    }

    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(new ImmixAllocator(memory, -1 - ordinal, immix, true));
        return c;
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        evacuated = 0;
        immix.prepare(collectionReason() == GcReason.EMERGENCY, budgetPages() - reservedPages());
        if (immix.inDefrag() && immix.sourceBlocks() > 0) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new Evacuate(this));
        }
    }

    @Override
    protected void prepareCollector(Collector collector) {
        collector.copyAllocator().reset();
    }

    void evacuated(long objects) {
        evacuated = objects;
    }

    /** RefForwarding after an evacuation: roots and the live objects of every space. */
    void scheduleRefForwarding(GCWorker<Collector> worker) {
        scheduleRefForwarding(worker, immix, null);
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        SweepBlocks.schedule(worker, immix);
    }

    @Override
    protected void releaseCollector(Collector collector) {
        collector.copyAllocator().reset();
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        fullBlocks = immix.rebuildRecyclableList();
    }

    /**
     * Per collection: clean blocks the budget could still give ({@code freeBlocks}), recyclable and full
     * blocks after the sweep, and the blocks and objects the collection evacuated.
     */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        putStats(stats, immix, budgetPages() - reservedPages(), fullBlocks, evacuated);
        return stats;
    }

    /**
     * Adds an Immix space's per-collection counters to {@code stats} (shared with genimmix): clean
     * blocks in {@code freePages}, the last sweep's recyclable and full blocks, and the blocks and
     * objects the collection evacuated.
     */
    public static void putStats(Map<String, Long> stats, ImmixSpace immix, int freePages, int fullBlocks,
                                long evacuated) {
        stats.put("freeBlocks", (long) Math.max(0, freePages) / immix.pagesInBlock());
        stats.put("recyclableBlocks", (long) immix.recyclableBlocks());
        stats.put("fullBlocks", (long) fullBlocks);
        stats.put("defragSourceBlocks", immix.inDefrag() ? (long) immix.sourceBlocks() : 0L);
        stats.put("objectsEvacuated", evacuated);
    }
}
