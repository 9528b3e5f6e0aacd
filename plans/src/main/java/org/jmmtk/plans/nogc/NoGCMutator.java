package org.jmmtk.plans.nogc;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.ImmortalSpace;
import org.jmmtk.core.policy.LargeObjectSpace;

/** NoGC's mutator: bump allocation into the immortal space; large objects into the large object space. */
final class NoGCMutator extends Mutator {
    NoGCMutator(MMTK mmtk, int ordinal, ImmortalSpace space, LargeObjectSpace los) {
        super(mmtk, ordinal, new BumpAllocator(mmtk.memory(), ordinal, space, false), los);
    }
}
