package org.jmmtk.plans.semispace;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.CopySpaceTrace;
import org.jmmtk.scheduler.GCWorker;

/**
 * Semispace copying (SS): mutators bump-allocate in the to-space; a collection flips the two copy
 * spaces and evacuates everything reachable from the from-space into the new to-space, Cheney-style
 * but in parallel through ProcessEdges packets, each worker copying with its own buffer. Half the
 * budget is held as copy reserve. Large objects live in the common large object space.
 */
public final class SemiSpace extends Plan {
    private final CopySpace copySpace0;
    private final CopySpace copySpace1;
    // flipped in the Prepare stage while mutators are stopped; the scheduler orders it before later stages
    private CopySpace toSpace;
    private CopySpace fromSpace;

    public SemiSpace(PlanArgs args) {
        super(args);
        // Room for the whole budget plus every worker's partly filled copy buffer.
        long extent = args.heapBytes() + (long) args.gcThreads() * args.heap().geometry().bufferBytes();
        this.copySpace0 = new CopySpace("copyspace0", extent, args.heap());
        this.copySpace1 = new CopySpace("copyspace1", extent, args.heap());
        this.toSpace = copySpace0;
        this.fromSpace = copySpace1;
        // nearly every object is in the from-space the Prepare stage chose: by address, copied and scanned
        // in the closure's loop
        setFullHeapTrace(new CopySpaceTrace(copySpace0, copySpace1, spaceTableTrace()));
    }

    @Override
    public PlanConstraints constraints() {
        return SemiSpaceConstraints.CONSTRAINTS;
    }

    /**
     * MMTk's rule: every collection traces the whole heap and discovers every reference; a referent
     * nothing but weak slots reached is cleared (the base's {@code referentAfterClosure}).
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    CopySpace toSpace() {
        return toSpace;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new SemiSpaceMutator(this, ordinal);
    }

    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(new BumpAllocator(memory, heap().geometry(), -1 - ordinal, toSpace, true));
        return c;
    }

    /** Everything in the to-space may have to be copied by the next collection. */
    @Override
    protected int collectionReservePages() {
        return toSpace.reservedPages();
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        CopySpace old = toSpace;
        toSpace = fromSpace;
        fromSpace = old;
        fromSpace.setFromSpace(true);
        toSpace.setFromSpace(false);
    }

    @Override
    protected void prepareCollector(Collector collector) {
        ((BumpAllocator) collector.copyAllocator()).rebind(toSpace);
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        fromSpace.release();
        fromSpace.setFromSpace(false);
    }

    @Override
    protected void releaseCollector(Collector collector) {
        toSpace.chargeCopies(collector.copiedAllocationBytes());
        collector.copyAllocator().reset();
    }
}
