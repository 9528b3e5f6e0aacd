package org.jmmtk.plans.concurrentimmix;

import org.jmmtk.core.plan.PlanConstraints;

/** ConcurrentImmix never moves objects (as mmtk-core's, a non-moving Immix) and needs its SATB barrier. */
public final class ConcurrentImmixConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(false, true);

    private ConcurrentImmixConstraints() {
    }
}
