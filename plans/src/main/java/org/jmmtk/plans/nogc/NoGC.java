package org.jmmtk.plans.nogc;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;

/**
 * The baseline that never reclaims: bump allocation into the common immortal space until the heap is
 * full, then out of memory. Requests for collection are ignored. At the end of a run it traces the
 * heap once, reclaiming nothing, so the run can report what is still reachable like every other plan.
 */
public final class NoGC extends Plan {
    public NoGC(PlanArgs args) {
        super(args);
    }

    @Override
    public PlanConstraints constraints() {
        return NoGCConstraints.CONSTRAINTS;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new NoGCMutator(this, ordinal);
    }

    /**
     * Mutators allocate in whole pages (bump-pointer buffers of the immortal space, page runs of the
     * large object space) and no GC thread runs before the final collection, so with pages of at least
     * a bitmap word's coverage no two threads change one word of the valid-object bits.
     */
    @Override
    protected boolean mutatorsOwnValidBitWords() {
        return heap().geometry().pageBytes() >= 1 << SideBitmap.LOG_BYTES_PER_BITMAP_WORD;
    }

    @Override
    public CollectionKind collectionKind(GcReason reason) {
        return reason == GcReason.FINAL ? CollectionKind.FULL : null;
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        // nothing to prepare: tracing only marks
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        // nothing of its own is reclaimed
    }
}
