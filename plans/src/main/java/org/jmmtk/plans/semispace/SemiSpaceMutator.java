package org.jmmtk.plans.semispace;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.alloc.LargeObjectAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.LargeObjectSpace;

/** Bump allocation into the current to-space; large objects into the large object space. */
final class SemiSpaceMutator extends Mutator {
    private final SemiSpace plan;
    private final BumpAllocator bump;
    private final LargeObjectAllocator large;

    SemiSpaceMutator(MMTK mmtk, int ordinal, SemiSpace plan, LargeObjectSpace los) {
        super(mmtk, ordinal);
        this.plan = plan;
        this.bump = new BumpAllocator(memory, ordinal, plan.toSpace(), false);
        this.large = new LargeObjectAllocator(memory, ordinal, los);
    }

    @Override
    protected long allocDefault(long bytes) {
        return bump.alloc(bytes);
    }

    @Override
    protected long allocLarge(long bytes) {
        return large.alloc(bytes);
    }

    @Override
    public void prepare() {
        bump.reset();
    }

    @Override
    public void release() {
        bump.rebind(plan.toSpace());
    }
}
