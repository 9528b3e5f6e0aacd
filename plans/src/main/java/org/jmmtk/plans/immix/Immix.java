package org.jmmtk.plans.immix;

import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.ImmixSpace;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.scheduler.GCWorker;

/**
 * Immix (mark-region, Blackburn and McKinley, PLDI 2008), non-moving: mutators bump-allocate into holes
 * of free lines; a collection marks objects and their lines in place, then sweeps the blocks in
 * parallel packets, freeing empty blocks and making blocks with free lines recyclable. No
 * defragmentation yet. Large objects live in the common large object space.
 */
public final class Immix extends Plan {
    private final ImmixSpace immix;

    public Immix(PlanArgs args) {
        super(args);
        this.immix = new ImmixSpace("immix", args.heapBytes() + args.heap().geometry().blockBytes(), args.heap());
    }

    @Override
    public String name() {
        return "immix";
    }

    @Override
    public PlanConstraints constraints() {
        return ImmixConstraints.CONSTRAINTS;
    }

    ImmixSpace immixSpace() {
        return immix;
    }

    /** Objects larger than half a block (at most 8 KiB, the geometry's largest cell) are large. */
    @Override
    public long largeObjectThreshold() {
        return heap().geometry().maxCellBytes();
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new ImmixMutator(this, ordinal);
    }

    @Override
    protected void prepare(GCWorker worker, CollectionKind kind) {
        immix.prepare();
    }

    @Override
    protected void release(GCWorker worker, CollectionKind kind) {
        SweepBlocks.schedule(worker, immix);
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        immix.rebuildRecyclableList();
    }
}
