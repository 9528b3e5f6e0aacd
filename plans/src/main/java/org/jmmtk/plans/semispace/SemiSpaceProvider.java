package org.jmmtk.plans.semispace;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link SemiSpace} as plan {@code semispace}. */
public final class SemiSpaceProvider implements PlanProvider {
    @Override
    public String name() {
        return "semispace";
    }

    @Override
    public String description() {
        return "semispace copying (SS), parallel Cheney evacuation";
    }

    @Override
    public PlanFactory factory() {
        return SemiSpace::new;
    }
}
