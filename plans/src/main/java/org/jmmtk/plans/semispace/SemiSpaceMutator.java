package org.jmmtk.plans.semispace;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * SemiSpace's mutator: bump allocation into the current to-space, rebound to the new to-space after
 * each collection; large objects into the large object space.
 */
final class SemiSpaceMutator extends Mutator {
    private final SemiSpace plan;
    private final BumpAllocator bump;

    SemiSpaceMutator(SemiSpace plan, int ordinal) {
        this(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.toSpace(), false));
    }

    private SemiSpaceMutator(SemiSpace plan, int ordinal, BumpAllocator bump) {
        super(plan, ordinal, bump);
        this.plan = plan;
        this.bump = bump;
    }

    @Override
    public void release() {
        bump.rebind(plan.toSpace());
    }
}
