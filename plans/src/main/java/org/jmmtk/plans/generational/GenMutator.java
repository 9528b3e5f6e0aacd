package org.jmmtk.plans.generational;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * The mutator of every generational plan (mmtk-core's {@code create_gen_mutator}): bump allocation into
 * the nursery, large objects into the large object space, the object-remembering barrier. Objects born
 * outside the nursery (large ones) are mature from the start, so they get the log bit at once and a
 * store of a young pointer into one is remembered. Used by its mutator thread.
 */
final class GenMutator extends Mutator {
    private final Gen plan;

    GenMutator(Gen plan, int ordinal) {
        super(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.nursery(), false));
        this.plan = plan;
    }

    @Override
    protected void postAlloc(long object) {
        if (!plan.nursery().contains(object)) {
            ObjectModel.setLogBit(memory, object);
        }
    }
}
