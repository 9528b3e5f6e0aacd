package org.jmmtk.plans.concurrentimmix;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link ConcurrentImmix} as plan {@code concurrentimmix}, a concurrent plan ({@code --pacing}). */
public final class ConcurrentImmixProvider implements PlanProvider {
    @Override
    public String name() {
        return "concurrentimmix";
    }

    @Override
    public String description() {
        return "Immix with concurrent snapshot-at-the-beginning marking: InitialMark and FinalMark pauses, "
                + "SATB barrier, full collection as fallback";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(ConcurrentImmix.INITIAL_MARK_OCCUPANCY, ConcurrentImmix.INITIAL_MARK_PERCENT,
                ConcurrentImmix.FLOATING_GARBAGE);
    }

    @Override
    public boolean concurrent() {
        return true;
    }

    @Override
    public PlanFactory factory() {
        return ConcurrentImmix::new;
    }
}
