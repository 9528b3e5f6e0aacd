package org.jmmtk.plans.nogc;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.ImmortalSpace;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;
import org.jmmtk.scheduler.GCWorker;

/**
 * The baseline that never reclaims: allocation until the heap is full, then out of memory. Requests
 * for collection are ignored. At the end of a run it traces the heap once, reclaiming nothing, so the
 * run can report what is still reachable like every other plan.
 */
public final class NoGC extends Plan {
    private final ImmortalSpace nogc;
    private final LargeObjectSpace los;

    public NoGC(MMTK mmtk) {
        super(mmtk);
        long heap = mmtk.options().heapBytes();
        this.nogc = new ImmortalSpace("nogc", mmtk, mmtk.layout().reserve("nogc", heap));
        this.los = createLargeObjectSpace();
    }

    @Override
    public String name() {
        return "nogc";
    }

    @Override
    public PlanConstraints constraints() {
        return NoGCConstraints.CONSTRAINTS;
    }

    @Override
    public Space[] spaces() {
        return new Space[] {nogc, los};
    }

    @Override
    public Mutator createMutator(int ordinal) {
        return new NoGCMutator(mmtk, ordinal, nogc, los);
    }

    @Override
    public CollectionKind collectionKind(GcReason reason) {
        return reason == GcReason.FINAL ? CollectionKind.FULL : null;
    }

    @Override
    public void prepare(GCWorker worker, CollectionKind kind) {
        // nothing to prepare: tracing only marks
    }

    @Override
    public void release(GCWorker worker, CollectionKind kind) {
        // nothing is reclaimed
    }

    @Override
    public long traceObject(ObjectQueue queue, long object, Collector collector) {
        if (nogc.contains(object)) {
            return nogc.traceObject(queue, object, collector);
        }
        return los.traceObject(queue, object, collector);
    }

    @Override
    public long liveAddress(long object) {
        Space space = nogc.contains(object) ? nogc : los;
        return space.isLive(object) ? object : 0;
    }
}
