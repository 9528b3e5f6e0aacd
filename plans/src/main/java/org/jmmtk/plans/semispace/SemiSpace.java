package org.jmmtk.plans.semispace;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepLargeObjects;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Semispace copying (SS): mutators bump-allocate in the to-space; a collection flips the two copy
 * spaces and evacuates everything reachable from the from-space into the new to-space, Cheney-style
 * but in parallel through ProcessEdges packets, each worker copying with its own buffer. Half the
 * budget is held as copy reserve. Large objects live in a mark-sweep large object space.
 */
public final class SemiSpace extends Plan {
    private final CopySpace copySpace0;
    private final CopySpace copySpace1;
    private final LargeObjectSpace los;
    private CopySpace toSpace;
    private CopySpace fromSpace;

    public SemiSpace(MMTK mmtk) {
        super(mmtk);
        long heap = mmtk.options().heapBytes();
        // Room for the whole budget plus every worker's partly filled copy buffer.
        long extent = heap + (long) mmtk.options().threads() * BumpAllocator.BUFFER_BYTES;
        this.copySpace0 = new CopySpace("copyspace0", mmtk, mmtk.layout().reserve("copyspace0", extent));
        this.copySpace1 = new CopySpace("copyspace1", mmtk, mmtk.layout().reserve("copyspace1", extent));
        this.los = createLargeObjectSpace();
        this.toSpace = copySpace0;
        this.fromSpace = copySpace1;
    }

    @Override
    public String name() {
        return "semispace";
    }

    @Override
    public PlanConstraints constraints() {
        return SemiSpaceConstraints.CONSTRAINTS;
    }

    @Override
    public Space[] spaces() {
        return new Space[] {copySpace0, copySpace1, los};
    }

    CopySpace toSpace() {
        return toSpace;
    }

    @Override
    public Mutator createMutator(int ordinal) {
        return new SemiSpaceMutator(mmtk, ordinal, this, los);
    }

    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.copyAllocator = new BumpAllocator(memory, -1 - ordinal, toSpace, true);
        return c;
    }

    /** Everything in the to-space may have to be copied by the next collection. */
    @Override
    protected int collectionReservePages() {
        return toSpace.reservedPages();
    }

    @Override
    public void prepare(GCWorker worker, CollectionKind kind) {
        CopySpace old = toSpace;
        toSpace = fromSpace;
        fromSpace = old;
    }

    @Override
    public void prepareCollector(Collector collector) {
        collector.copyAllocator.rebind(toSpace);
    }

    @Override
    public long traceObject(ObjectQueue queue, long object, Collector collector) {
        if (fromSpace.contains(object)) {
            return fromSpace.traceObject(queue, object, collector, collector.copyAllocator);
        }
        if (los.contains(object)) {
            return los.traceObject(queue, object, collector);
        }
        return object;
    }

    @Override
    public long liveAddress(long object) {
        if (fromSpace.contains(object)) {
            return fromSpace.isLive(object) ? ObjectModel.forwardee(memory, object) : 0;
        }
        if (los.contains(object)) {
            return los.isLive(object) ? object : 0;
        }
        return object;
    }

    @Override
    public void release(GCWorker worker, CollectionKind kind) {
        fromSpace.release();
        worker.addWork(Stage.RELEASE, new SweepLargeObjects(los));
    }

    @Override
    public void releaseCollector(Collector collector) {
        toSpace.chargeCopies(collector.copiedAllocationBytes);
        collector.copyAllocator.reset();
    }
}
