package org.jmmtk.plans.immix;

import org.jmmtk.core.plan.PlanConstraints;

/** Immix moves objects (defragmentation evacuates them) and needs no barrier. */
public final class ImmixConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, false);

    private ImmixConstraints() {
    }
}
