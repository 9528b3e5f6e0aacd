package org.jmmtk.plans.refcount;

import org.jmmtk.core.alloc.FreeListAllocator;
import org.jmmtk.core.barrier.RefCountBarrier;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.plan.Mutator;

/**
 * RefCount's mutator: segregated free-list allocation in the reference-counted free-list space (its
 * thread-local lists are dropped at each collection and relinked by it), large objects into the large
 * object space, stores through the {@link RefCountBarrier}. A new object starts at count zero in the
 * ZCT: nothing in the heap refers to it yet.
 */
final class RefCountMutator extends Mutator {
    private final ReferenceCounts counts;
    private final RefCountBarrier rcBarrier;

    RefCountMutator(RefCount plan, int ordinal) {
        super(plan, ordinal, new FreeListAllocator(plan.memory(), ordinal, plan.freeListSpace()));
        this.counts = plan.counts();
        this.rcBarrier = (RefCountBarrier) barrier();
    }

    @Override
    protected void postAlloc(long object) {
        counts.initialize(object);
        rcBarrier.enterZct(object);
    }
}
