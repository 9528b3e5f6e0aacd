package org.jmmtk.plans.serial;

import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * Serial's mutator: bump allocation in eden in thread-local buffers as HotSpot's TLABs fill it ({@link EdenAllocator}), objects larger
 * than eden in the old generation (the large object space, counted as old), the card-marking barrier.
 * Used by its mutator thread.
 */
final class SerialMutator extends Mutator {
    private final Serial plan;

    SerialMutator(Serial plan, int ordinal) {
        super(plan, ordinal, new EdenAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.eden()));
        this.plan = plan;
    }

    @Override
    protected void postAlloc(long object) {
        if (plan.largeObjectSpace().contains(object)) {
            plan.largeAllocated(ObjectModel.size(memory, object));
        }
    }
}
