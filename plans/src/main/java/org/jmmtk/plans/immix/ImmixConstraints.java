package org.jmmtk.plans.immix;

import org.jmmtk.core.plan.PlanConstraints;

/** Immix without defragmentation never moves objects and needs no barrier. */
public final class ImmixConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(false, false);

    private ImmixConstraints() {
    }
}
