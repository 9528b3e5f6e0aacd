package org.jmmtk.plans.marksweep;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.MarkSweepSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.SweepLargeObjects;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Mark-sweep (MS): segregated free-list allocation; a collection marks everything reachable in place,
 * then sweeps the blocks in parallel packets, returning dead cells to their blocks' free lists and
 * empty blocks to the page resource. Large objects live in a mark-sweep large object space.
 */
public final class MarkSweep extends Plan {
    private final MarkSweepSpace ms;
    private final LargeObjectSpace los;

    public MarkSweep(MMTK mmtk) {
        super(mmtk);
        long heap = mmtk.options().heapBytes();
        this.ms = new MarkSweepSpace("ms", mmtk, mmtk.layout().reserve("ms", heap + MarkSweepSpace.BYTES_IN_BLOCK));
        this.los = createLargeObjectSpace();
    }

    @Override
    public String name() {
        return "marksweep";
    }

    @Override
    public PlanConstraints constraints() {
        return MarkSweepConstraints.CONSTRAINTS;
    }

    @Override
    public Space[] spaces() {
        return new Space[] {ms, los};
    }

    @Override
    public Mutator createMutator(int ordinal) {
        return new MarkSweepMutator(mmtk, ordinal, ms, los);
    }

    @Override
    public void prepare(GCWorker worker, CollectionKind kind) {
        // marks were cleared by the previous sweep
    }

    @Override
    public long traceObject(ObjectQueue queue, long object, Collector collector) {
        if (ms.contains(object)) {
            return ms.traceObject(queue, object, collector);
        }
        return los.traceObject(queue, object, collector);
    }

    @Override
    public long liveAddress(long object) {
        Space space = ms.contains(object) ? ms : los;
        return space.isLive(object) ? object : 0;
    }

    @Override
    public void release(GCWorker worker, CollectionKind kind) {
        int limit = ms.blockLimit();
        for (int from = 0; from < limit; from += SweepBlocks.BLOCKS_PER_PACKET) {
            worker.addWork(Stage.RELEASE, new SweepBlocks(ms, from, Math.min(limit, from + SweepBlocks.BLOCKS_PER_PACKET)));
        }
        worker.addWork(Stage.RELEASE, new SweepLargeObjects(los));
    }

    @Override
    public void endOfGC(CollectionKind kind) {
        ms.rebuildAvailableLists();
    }
}
