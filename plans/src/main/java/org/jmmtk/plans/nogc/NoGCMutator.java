package org.jmmtk.plans.nogc;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;

/** NoGC's mutator: bump allocation into the immortal space; large objects into the large object space. */
final class NoGCMutator extends Mutator {
    NoGCMutator(NoGC plan, int ordinal) {
        super(plan, ordinal, new BumpAllocator(plan.memory(), plan.heap().geometry(), ordinal, plan.immortalSpace(),
                false));
    }
}
