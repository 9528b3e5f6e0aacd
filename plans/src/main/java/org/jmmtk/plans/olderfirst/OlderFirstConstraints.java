package org.jmmtk.plans.olderfirst;

import org.jmmtk.core.plan.PlanConstraints;

/** Older-First moves objects (it slides each window's survivors) and needs its barrier to be correct. */
public final class OlderFirstConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, true);

    private OlderFirstConstraints() {
    }
}
