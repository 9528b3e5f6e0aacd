package org.example.depthfirst;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * A mutator of {@link DepthFirst}: bump allocation into the current to-space, rebound to the new
 * to-space after each collection (large objects go to the common large object space). Used by its
 * mutator thread.
 */
final class DepthFirstMutator extends Mutator {
    private final DepthFirst plan;
    private final BumpAllocator bump;

    DepthFirstMutator(DepthFirst plan, int ordinal) {
        this(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.toSpace(), false));
    }

    private DepthFirstMutator(DepthFirst plan, int ordinal, BumpAllocator bump) {
        super(plan, ordinal, bump);
        this.plan = plan;
        this.bump = bump;
    }

    @Override
    public void release() {
        bump.rebind(plan.toSpace());
    }
}
