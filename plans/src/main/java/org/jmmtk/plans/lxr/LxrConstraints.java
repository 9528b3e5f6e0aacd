package org.jmmtk.plans.lxr;

import org.jmmtk.core.plan.PlanConstraints;

/** LXR moves objects (young survivors, defragmentation) and its counts are wrong without its field barrier. */
public final class LxrConstraints {
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, true);

    private LxrConstraints() {
    }
}
