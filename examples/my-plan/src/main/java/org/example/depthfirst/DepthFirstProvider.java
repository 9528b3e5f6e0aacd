package org.example.depthfirst;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link DepthFirst} as plan {@code depthfirst} (named in META-INF/services). */
public final class DepthFirstProvider implements PlanProvider {
    @Override
    public String name() {
        return "depthfirst";
    }

    @Override
    public String description() {
        return "semispace copying in depth-first order (an explicit stack per GC worker), not Cheney's";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(DepthFirst.DEPTH_FIRST_EVERY);
    }

    @Override
    public PlanFactory factory() {
        return DepthFirst::new;
    }
}
