package org.jmmtk.plans.immix;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link Immix} as plan {@code immix}. */
public final class ImmixProvider implements PlanProvider {
    @Override
    public String name() {
        return "immix";
    }

    @Override
    public String description() {
        return "mark-region Immix (IX), bump allocation into free lines, parallel sweep, "
                + "opportunistic defragmentation";
    }

    @Override
    public PlanFactory factory() {
        return Immix::new;
    }
}
