package org.jmmtk.plans.semispace;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.LargeObjectSpace;

/**
 * SemiSpace's mutator: bump allocation into the current to-space, rebound to the new to-space after
 * each collection; large objects into the large object space.
 */
final class SemiSpaceMutator extends Mutator {
    private final SemiSpace plan;
    private final BumpAllocator bump;

    SemiSpaceMutator(MMTK mmtk, int ordinal, SemiSpace plan, LargeObjectSpace los) {
        this(mmtk, ordinal, plan, los, new BumpAllocator(mmtk.memory(), ordinal, plan.toSpace(), false));
    }

    private SemiSpaceMutator(MMTK mmtk, int ordinal, SemiSpace plan, LargeObjectSpace los, BumpAllocator bump) {
        super(mmtk, ordinal, bump, los);
        this.plan = plan;
        this.bump = bump;
    }

    @Override
    public void release() {
        bump.rebind(plan.toSpace());
    }
}
