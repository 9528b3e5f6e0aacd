package org.jmmtk.plans.stickyimmix;

import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.plan.Mutator;

/**
 * Sticky Immix's mutator (mmtk-core's {@code create_stickyimmix_mutator}): Immix allocation into the
 * one Immix space, where new objects are young (unmarked, with no unlog bit); large objects go to the
 * large object space and are old from birth, so they get the unlog bit at once and their first store
 * is remembered; pointer stores go through the object-remembering barrier. Used by its mutator thread.
 */
final class StickyImmixMutator extends Mutator {
    private final StickyImmix plan;

    StickyImmixMutator(StickyImmix plan, int ordinal) {
        super(plan, ordinal, new ImmixAllocator(plan.memory(), ordinal, plan.immixSpace(), false));
        this.plan = plan;
    }

    @Override
    protected void postAlloc(long object) {
        if (!plan.immixSpace().contains(object)) {
            plan.unlogBits().set(object);
        }
    }
}
