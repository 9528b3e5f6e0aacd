package org.jmmtk.plans.nogc;

import org.jmmtk.core.plan.PlanConstraints;

/** NoGC never moves objects and needs no barrier. */
public final class NoGCConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(false, false);

    private NoGCConstraints() {
    }
}
