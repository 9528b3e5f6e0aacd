package org.jmmtk.plans.stickyimmix;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link StickyImmix} as plan {@code stickyimmix}. */
public final class StickyImmixProvider implements PlanProvider {
    @Override
    public String name() {
        return "stickyimmix";
    }

    @Override
    public String description() {
        return "generational Immix in one space with sticky mark bits (StickyImmix), object-remembering "
                + "barrier on side unlog bits";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(StickyImmix.NURSERY_BYTES);
    }

    @Override
    public PlanFactory factory() {
        return StickyImmix::new;
    }
}
