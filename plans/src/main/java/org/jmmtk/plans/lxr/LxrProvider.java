package org.jmmtk.plans.lxr;

import java.util.List;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link Lxr} as plan {@code lxr}. */
public final class LxrProvider implements PlanProvider {
    @Override
    public String name() {
        return "lxr";
    }

    @Override
    public String description() {
        return "LXR: deferred coalescing reference counting over Immix lines, young survivors evacuated, "
                + "a concurrent snapshot-at-the-beginning backup trace for cycles";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(Plan.FLOATING_GARBAGE);
    }

    /** The snapshot trace runs concurrently: lxr takes {@code --pacing}. */
    @Override
    public boolean concurrent() {
        return true;
    }

    @Override
    public PlanFactory factory() {
        return Lxr::new;
    }
}
