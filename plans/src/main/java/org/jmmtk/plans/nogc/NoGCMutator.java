package org.jmmtk.plans.nogc;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.alloc.LargeObjectAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.ImmortalSpace;
import org.jmmtk.core.policy.LargeObjectSpace;

/** Bump allocation into the immortal space; large objects into the large object space. */
final class NoGCMutator extends Mutator {
    private final BumpAllocator bump;
    private final LargeObjectAllocator large;

    NoGCMutator(MMTK mmtk, int ordinal, ImmortalSpace space, LargeObjectSpace los) {
        super(mmtk, ordinal);
        this.bump = new BumpAllocator(memory, ordinal, space, false);
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
        // allocation continues in the same space
    }
}
