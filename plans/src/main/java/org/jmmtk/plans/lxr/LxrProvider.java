package org.jmmtk.plans.lxr;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link Lxr} as plan {@code lxr}. */
public final class LxrProvider implements PlanProvider {
    @Override
    public String name() {
        return "lxr";
    }

    @Override
    public String description() {
        return "LXR: deferred coalescing reference counting over Immix lines, young survivors evacuated, "
                + "a backup trace for cycles";
    }

    @Override
    public PlanFactory factory() {
        return Lxr::new;
    }
}
