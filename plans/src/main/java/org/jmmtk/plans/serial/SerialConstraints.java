package org.jmmtk.plans.serial;

import org.jmmtk.core.plan.PlanConstraints;

/** Serial moves objects (it copies and slides them) and needs its card-marking barrier to be correct. */
public final class SerialConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, true);

    private SerialConstraints() {
    }
}
