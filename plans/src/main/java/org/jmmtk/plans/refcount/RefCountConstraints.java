package org.jmmtk.plans.refcount;

import org.jmmtk.core.plan.PlanConstraints;

/** RefCount never moves objects, and its counts are wrong without its barrier. */
public final class RefCountConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(false, true);

    private RefCountConstraints() {
    }
}
