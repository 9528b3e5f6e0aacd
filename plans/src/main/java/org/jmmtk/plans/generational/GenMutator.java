package org.jmmtk.plans.generational;

import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * The mutator of every generational plan (mmtk-core's {@code create_gen_mutator}): bump allocation into
 * the nursery, large objects into the large object space, the object-remembering barrier. Objects born
 * outside the nursery (large ones) are mature from the start, so they get the log bit at once and a
 * store of a young pointer into one is remembered; so do pretenured objects, which go straight into the
 * mature space where the plan allows ({@link Gen#pretenureAllocator}). Used by its mutator thread.
 */
final class GenMutator extends Mutator {
    private final Gen plan;

    GenMutator(Gen plan, int ordinal) {
        this(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.nursery(), false));
    }

    private GenMutator(Gen plan, int ordinal, Allocator nursery) {
        super(plan, ordinal, nursery, plan.pretenureAllocator(ordinal, nursery));
        this.plan = plan;
    }

    @Override
    protected void postAlloc(long object) {
        if (!plan.nursery().contains(object)) {
            ObjectModel.setLogBit(memory, object);
        }
    }
}
