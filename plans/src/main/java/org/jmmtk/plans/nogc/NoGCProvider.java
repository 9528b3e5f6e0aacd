package org.jmmtk.plans.nogc;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link NoGC} as plan {@code nogc}. */
public final class NoGCProvider implements PlanProvider {
    @Override
    public String name() {
        return "nogc";
    }

    @Override
    public String description() {
        return "never collects; traces once at the end to report what is reachable";
    }

    @Override
    public PlanFactory factory() {
        return NoGC::new;
    }
}
