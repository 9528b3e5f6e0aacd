package org.jmmtk.plans.marksweep;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.FreeListAllocator;
import org.jmmtk.core.alloc.LargeObjectAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.MarkSweepSpace;

/** Segregated free-list allocation in the mark-sweep space; large objects in the large object space. */
final class MarkSweepMutator extends Mutator {
    private final FreeListAllocator freeList;
    private final LargeObjectAllocator large;

    MarkSweepMutator(MMTK mmtk, int ordinal, MarkSweepSpace space, LargeObjectSpace los) {
        super(mmtk, ordinal);
        this.freeList = new FreeListAllocator(memory, ordinal, space);
        this.large = new LargeObjectAllocator(memory, ordinal, los);
    }

    @Override
    protected long allocDefault(long bytes) {
        return freeList.alloc(bytes);
    }

    @Override
    protected long allocLarge(long bytes) {
        return large.alloc(bytes);
    }

    @Override
    public void prepare() {
        freeList.reset();
    }

    @Override
    public void release() {
        // free lists are rebuilt by the sweep; the next allocation takes the slow path
    }
}
