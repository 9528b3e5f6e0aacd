package org.jmmtk.plans.nogc;

import org.jmmtk.core.plan.PlanConstraints;

/** NoGC never moves objects and needs no barrier. */
public final class NoGCConstraints {
    public static final PlanConstraints CONSTRAINTS =
            new PlanConstraints(false, PlanConstraints.DEFAULT_MAX_NON_LOS_BYTES, false);

    private NoGCConstraints() {
    }
}
