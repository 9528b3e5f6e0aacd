package org.jmmtk.plans.marksweep;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link MarkSweep} as plan {@code marksweep}. */
public final class MarkSweepProvider implements PlanProvider {
    @Override
    public String name() {
        return "marksweep";
    }

    @Override
    public String description() {
        return "mark-sweep (MS) with segregated free lists and parallel sweeping";
    }

    @Override
    public PlanFactory factory() {
        return MarkSweep::new;
    }
}
