package org.jmmtk.plans.concurrentimmix;

import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.barrier.Satb;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.immix.ConcurrentLineMarks;

/**
 * ConcurrentImmix's mutator: Immix's allocators and the SATB barrier. An object allocated while
 * marking is active is allocated live (mmtk-core's "allocate black"): marked, its lines marked in the
 * mark's line-mark table, and logged so that its stores never log; its bytes are counted for the cycle's
 * metrics.
 */
final class ConcurrentImmixMutator extends Mutator {
    private final Satb satb;
    private final ConcurrentLineMarks lineMarks;
    private long allocatedDuringMarking;

    ConcurrentImmixMutator(ConcurrentImmix plan, int ordinal) {
        super(plan, ordinal, new ImmixAllocator(plan.memory(), ordinal, plan.immixSpace(), false));
        this.satb = plan.satb();
        this.lineMarks = plan.lineMarks();
    }

    @Override
    protected void postAlloc(long object) {
        if (satb.active()) {
            ObjectModel.setMark(memory, object, ObjectModel.MARK_BIT);
            satb.setLogged(object);
            lineMarks.markAllocated(object);
            allocatedDuringMarking += ObjectModel.traceBytes(memory, object);
        }
    }

    /** Trace bytes of the objects this mutator allocated while marking was active, over the run. */
    long allocatedDuringMarking() {
        return allocatedDuringMarking;
    }
}
