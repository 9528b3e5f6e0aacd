package org.jmmtk.plans.markcompact;

import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Mark-compact (MC), Lisp-2 sliding compaction: mutators bump-allocate in one mark-compact space; a
 * collection marks everything reachable in place (the parallel closure), computes each survivor's new
 * address in address order (CalculateForwarding), redirects every reference to the space, roots and
 * fields, in parallel packets (RefForwarding), slides the survivors down (Compact), and gives back
 * the pages beyond them (Release). No copy reserve: the heap is used to the last page. Large objects
 * live in the common large object space.
 */
public final class MarkCompact extends Plan {
    private final MarkCompactSpace mc;

    public MarkCompact(PlanArgs args) {
        super(args);
        // room for the whole budget plus a buffer of slack for page and buffer rounding
        long extent = args.heapBytes() + 2L * args.heap().geometry().bufferBytes();
        this.mc = new MarkCompactSpace("mc", extent, args.heap());
        MarkCompactSpace space = mc;
        ObjectTrace others = spaceTableTrace();
        // nearly every object is in the mark-compact space: by address, straight to its policy
        setFullHeapTrace((object, context) -> space.contains(object)
                ? space.traceObject(object, context) : others.traceObject(object, context));
    }

    @Override
    public PlanConstraints constraints() {
        return MarkCompactConstraints.CONSTRAINTS;
    }

    /**
     * MMTk's rule: every collection traces the whole heap and discovers every reference; a referent
     * nothing but weak slots reached is cleared (the base's {@code referentAfterClosure}).
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    MarkCompactSpace markCompactSpace() {
        return mc;
    }

    /** RefForwarding: the roots and the other spaces' live objects; the space's own objects are {@link ForwardFields}' job. */
    void scheduleRefForwarding(GCWorker<Collector> worker) {
        scheduleRefForwarding(worker, mc, mc);
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new MarkCompactMutator(this, ordinal);
    }

    /** The default schedule (stop, roots, prepare, closure, weak refs, release, end) plus the compaction's stages. */
    @Override
    public void scheduleCollection(GCWorker<Collector> worker, CollectionKind kind) {
        super.scheduleCollection(worker, kind);
        worker.addWork(Stage.CALCULATE_FORWARDING, new CalculateForwarding(this));
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        // marks were cleared by the previous compaction
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        mc.release();
    }
}
