package org.jmmtk.plans.marksweep;

import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.MarkSweepSpace;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.MarkSweepSpaceTrace;
import org.jmmtk.scheduler.GCWorker;

/**
 * Mark-sweep (MS): segregated free-list allocation; a collection marks everything reachable in place,
 * then sweeps the blocks in parallel packets, returning dead cells to their blocks' free lists and
 * empty blocks to the page resource. Large objects live in the common large object space.
 */
public final class MarkSweep extends Plan {
    private final MarkSweepSpace ms;

    public MarkSweep(PlanArgs args) {
        super(args);
        this.ms = new MarkSweepSpace("ms", args.heapBytes() + args.heap().geometry().blockBytes(), args.heap());
        // nearly every object is in the mark-sweep space: by address, marked and scanned in the closure's loop
        setFullHeapTrace(new MarkSweepSpaceTrace(ms, spaceTableTrace()));
    }

    @Override
    public PlanConstraints constraints() {
        return MarkSweepConstraints.CONSTRAINTS;
    }

    /**
     * MMTk's rule: every collection traces the whole heap and discovers every reference; a referent
     * nothing but weak slots reached is cleared (the base's {@code referentAfterClosure}).
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    MarkSweepSpace markSweepSpace() {
        return ms;
    }

    /** Objects larger than the largest cell of a block go to the large object space. */
    @Override
    public long largeObjectThreshold() {
        return ms.sizeClasses().maxCellBytes();
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new MarkSweepMutator(this, ordinal);
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        // marks were cleared by the previous sweep
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        SweepBlocks.schedule(worker, ms);
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        ms.rebuildAvailableLists();
    }
}
