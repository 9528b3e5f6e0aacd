package org.jmmtk.plans.markcompact;

import org.jmmtk.core.plan.PlanConstraints;

/** MarkCompact moves objects (it slides them) and needs no barrier. */
public final class MarkCompactConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, false);

    private MarkCompactConstraints() {
    }
}
