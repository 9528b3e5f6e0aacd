package org.jmmtk.plans.marksweep;

import org.jmmtk.core.plan.PlanConstraints;

/** MarkSweep never moves objects and needs no barrier. */
public final class MarkSweepConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(false, false);

    private MarkSweepConstraints() {
    }
}
