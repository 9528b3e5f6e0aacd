package org.jmmtk.plans.stickyimmix;

import org.jmmtk.core.plan.PlanConstraints;

/** Sticky Immix moves objects (nursery survivors and defragmentation) and needs its barrier to be correct. */
public final class StickyImmixConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, true);

    private StickyImmixConstraints() {
    }
}
