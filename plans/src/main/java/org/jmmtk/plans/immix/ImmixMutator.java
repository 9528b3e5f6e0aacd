package org.jmmtk.plans.immix;

import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * Immix's mutator: bump allocation into holes of the Immix space, with an overflow cursor for medium
 * objects (the allocator is reset at each collection, which rebuilds the recyclable blocks); large
 * objects into the large object space.
 */
final class ImmixMutator extends Mutator {
    ImmixMutator(Immix plan, int ordinal) {
        super(plan, ordinal, new ImmixAllocator(plan.memory(), ordinal, plan.immixSpace(), false));
    }
}
