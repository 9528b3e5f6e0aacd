package org.jmmtk.plans.nogc;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.ImmortalSpace;

/**
 * NoGC's mutator: bump allocation into the immortal space, whose new objects take its current "unmarked"
 * state; large objects into the large object space.
 */
final class NoGCMutator extends Mutator {
    private final ImmortalSpace immortal;

    NoGCMutator(NoGC plan, int ordinal) {
        super(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.immortalSpace(),
                false));
        this.immortal = plan.immortalSpace();
    }

    @Override
    protected void postAlloc(long object) {
        if (immortal.contains(object)) {
            immortal.initializeHeader(object);
        }
    }
}
