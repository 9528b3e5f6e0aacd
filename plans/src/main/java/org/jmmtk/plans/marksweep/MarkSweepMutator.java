package org.jmmtk.plans.marksweep;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.FreeListAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.MarkSweepSpace;

/**
 * MarkSweep's mutator: segregated free-list allocation in the mark-sweep space (free lists are rebuilt
 * by the sweep, so a collection just drops the thread-local ones); large objects into the large object
 * space.
 */
final class MarkSweepMutator extends Mutator {
    MarkSweepMutator(MMTK mmtk, int ordinal, MarkSweepSpace space, LargeObjectSpace los) {
        super(mmtk, ordinal, new FreeListAllocator(mmtk.memory(), ordinal, space), los);
    }
}
