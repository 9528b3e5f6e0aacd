package org.jmmtk.plans.marksweep;

import org.jmmtk.core.alloc.FreeListAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * MarkSweep's mutator: segregated free-list allocation in the mark-sweep space (free lists are rebuilt
 * by the sweep, so a collection just drops the thread-local ones); large objects into the large object
 * space.
 */
final class MarkSweepMutator extends Mutator {
    MarkSweepMutator(MarkSweep plan, int ordinal) {
        super(plan, ordinal, new FreeListAllocator(plan.memory(), ordinal, plan.markSweepSpace()));
    }
}
