package org.jmmtk.plans.appel;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link Appel} as plan {@code appel}. */
public final class AppelProvider implements PlanProvider {
    @Override
    public String name() {
        return "appel";
    }

    @Override
    public String description() {
        return "generational copying with Appel's variable-size nursery (VG)";
    }

    @Override
    public PlanFactory factory() {
        return Appel::new;
    }
}
