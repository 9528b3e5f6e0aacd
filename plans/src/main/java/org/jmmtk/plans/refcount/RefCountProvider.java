package org.jmmtk.plans.refcount;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link RefCount} as plan {@code refcount}. */
public final class RefCountProvider implements PlanProvider {
    @Override
    public String name() {
        return "refcount";
    }

    @Override
    public String description() {
        return "deferred reference counting (zero-count table) with a backup tracing cycle collector";
    }

    @Override
    public PlanFactory factory() {
        return RefCount::new;
    }
}
