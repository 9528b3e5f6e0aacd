package org.jmmtk.plans.semispace;

import org.jmmtk.core.plan.PlanConstraints;

/** SemiSpace moves objects and needs no barrier. */
public final class SemiSpaceConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, false);

    private SemiSpaceConstraints() {
    }
}
