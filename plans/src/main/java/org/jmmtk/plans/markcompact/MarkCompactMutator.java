package org.jmmtk.plans.markcompact;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * MarkCompact's mutator: bump allocation in the mark-compact space with the heap geometry's buffer
 * size (the buffer is dropped when a collection starts, so allocation continues after the compacted
 * survivors); large objects into the large object space.
 */
final class MarkCompactMutator extends Mutator {
    MarkCompactMutator(MarkCompact plan, int ordinal) {
        super(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.markCompactSpace(),
                false));
    }
}
