package org.jmmtk.plans.serial;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * Serial's mutator: bump allocation in eden in thread-local buffers (HotSpot's TLABs), objects larger
 * than eden in the old generation (the large object space, counted as old), the card-marking barrier.
 * Used by its mutator thread.
 */
final class SerialMutator extends Mutator {
    private final Serial plan;

    SerialMutator(Serial plan, int ordinal) {
        super(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.eden(), false));
        this.plan = plan;
    }

    @Override
    protected void postAlloc(long object) {
        if (plan.largeObjectSpace().contains(object)) {
            plan.largeAllocated(ObjectModel.size(memory, object));
        }
    }
}
