package org.jmmtk.plans.genimmix;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Map;
import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ForwardListedFields;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.plans.generational.Gen;
import org.jmmtk.plans.immix.Immix;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Generational Immix (mmtk-core's GenImmix): a fixed-size nursery over an Immix mature space. Every
 * collection marks the nursery's reachable objects in place (a nursery collection leaves every other
 * object alone; a full one marks the Immix space too, deciding on defragmentation as {@code immix}
 * does); then one {@link Promote} packet copies the marked nursery objects, in address order, into
 * the Immix space (and in a full collection evacuates Immix's defragmentation sources), and a
 * RefForwarding pass redirects the references: in a nursery collection only those of the roots, the
 * remembered objects and the copies, the only places that can point into the nursery. A full
 * collection then sweeps the Immix space. Copying after marking, in one packet, with one copy
 * allocator kept from one collection to the next, makes the heap after each collection the same for
 * any number of GC threads.
 *
 * <p>Threads: the hooks run in the collection's packets, ordered by the scheduler's stages; the copy
 * allocator is shared by every GC worker's context but only the one Promote packet of a collection
 * allocates with it.
 */
public final class GenImmix extends Gen {
    /** Objects per RefForwarding packet of a nursery collection. */
    private static final int FORWARD_CHUNK = 4096;

    private final ImmixSpace immix;
    private final ImmixAllocator promoter;
    private final ObjectTrace markNursery;
    private final ObjectTrace markAll;
    private final ForwardingSpace forwardNursery;
    private final ForwardingSpace forwardBoth;
    // written by the Promote packet, read at the end of the collection
    private volatile long promotedBytes;
    private volatile long evacuated;
    private int fullBlocks;

    public GenImmix(PlanArgs args) {
        super(args);
        // beyond the budget: a promotion that overdraws it (a budget too small) still has blocks
        this.immix = new ImmixSpace("immix", ImmixSpace.extentFor(2 * args.heapBytes(), args.heap().geometry()),
                args.heap());
        this.promoter = new ImmixAllocator(memory, -1, immix, true);
        CopySpace young = nursery;
        ObjectTrace full = super.trace(CollectionKind.FULL);
        this.markNursery = (object, context) -> young.contains(object) ? young.markInPlace(object, context) : object;
        this.markAll = (object, context) -> young.contains(object)
                ? young.markInPlace(object, context) : full.traceObject(object, context);
        SimulatedMemory mem = memory;
        ImmixSpace mature = immix;
        this.forwardNursery = slot -> ForwardingSpace.forwardSlot(mem, young, slot);
        this.forwardBoth = slot -> {
            mature.updateSlot(slot);
            ForwardingSpace.forwardSlot(mem, young, slot);
        };
    }

    ImmixSpace immixSpace() {
        return immix;
    }

    /** As in immix: objects above half an Immix block are large, so every nursery object fits a block. */
    @Override
    public long largeObjectThreshold() {
        return heap().geometry().maxImmixObjectBytes();
    }

    /** None: as in immix, defragmentation copies only into room the budget leaves. */
    @Override
    protected int matureReservePages() {
        return 0;
    }

    /** Every worker's context copies through the one promotion allocator (only Promote uses it). */
    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(promoter);
        return c;
    }

    /** Marks the nursery's reachable objects in place, and in a full collection every other object too. */
    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == NURSERY ? markNursery : markAll;
    }

    /**
     * A full collection prepares the Immix space as immix does (line marks cleared, defragmentation
     * decided on the free budget) and lets promotion use the nursery's reserve as well; a nursery
     * collection keeps the line marks and promotes into the holes the allocator has not reached yet.
     */
    @Override
    protected void prepareMature(GCWorker<Collector> worker, CollectionKind kind) {
        promotedBytes = 0;
        evacuated = 0;
        if (kind == CollectionKind.FULL) {
            promoter.reset();
            immix.prepare(collectionReason() == GcReason.EMERGENCY, budgetPages() - reservedPages());
            immix.addCopyPages(nursery.reservedPages());
        } else {
            immix.preparePromotion(budgetPages() - usedPages());
        }
        worker.addWork(Stage.CALCULATE_FORWARDING, new Promote(this, kind == CollectionKind.FULL));
    }

    /** Called by Promote with what it moved. */
    void moved(long promotedTraceBytes, long objectsEvacuated) {
        promotedBytes = promotedTraceBytes;
        evacuated = objectsEvacuated;
    }

    /**
     * RefForwarding of a nursery collection: the roots, and the fields of the copies and of the
     * remembered objects (by the barrier's invariant no other object points into the nursery).
     */
    void scheduleNurseryForwarding(GCWorker<Collector> worker, LongArrayList copies) {
        scheduleRootForwarding(worker, forwardNursery);
        LongArrayList objects = new LongArrayList(copies);
        for (RememberedSet set : rememberedSets()) {
            for (int i = 0, n = set.size(); i < n; i++) {
                objects.add(set.get(i));
            }
        }
        long[] list = objects.toLongArray();
        for (int from = 0; from < list.length; from += FORWARD_CHUNK) {
            worker.addWork(Stage.REF_FORWARDING,
                    new ForwardListedFields(memory, list, from, Math.min(list.length, from + FORWARD_CHUNK), forwardNursery));
        }
    }

    /** RefForwarding of a full collection: the roots and every live object but the nursery's (all moved or dead). */
    void scheduleFullForwarding(GCWorker<Collector> worker) {
        scheduleRefForwarding(worker, forwardBoth, nursery);
    }

    @Override
    protected void releaseMature(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            SweepBlocks.schedule(worker, immix);
        }
    }

    @Override
    protected long promotedBytes() {
        return promotedBytes;
    }

    /** After a full collection: the recyclable blocks are relisted and the promotion allocator starts over. */
    @Override
    protected void endOfGC(CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            fullBlocks = immix.rebuildRecyclableList();
            promoter.reset();
        }
        super.endOfGC(kind);
    }

    /**
     * Per collection: {@code bytesPromoted}, and immix's block counters (after a nursery collection the
     * recyclable and full blocks are those of the last full collection's sweep).
     */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = super.collectionStats();
        Immix.putStats(stats, immix, budgetPages() - reservedPages(), fullBlocks, evacuated);
        return stats;
    }
}
