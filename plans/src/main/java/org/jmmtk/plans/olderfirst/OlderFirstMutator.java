package org.jmmtk.plans.olderfirst;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * Older-First's mutator: bump allocation in one block of the age-ordered space at a time (a new block
 * joins the young end of the age order; the block is given up when a collection starts, as the window
 * may take it), large objects into the large object space, the window-pointer barrier. Used by its
 * mutator thread.
 */
final class OlderFirstMutator extends Mutator {
    OlderFirstMutator(OlderFirst plan, int ordinal) {
        super(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.space(), false));
    }
}
