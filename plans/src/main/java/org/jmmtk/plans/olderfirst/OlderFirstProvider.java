package org.jmmtk.plans.olderfirst;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link OlderFirst} as plan {@code olderfirst}. */
public final class OlderFirstProvider implements PlanProvider {
    @Override
    public String name() {
        return "olderfirst";
    }

    @Override
    public String description() {
        return "Older-First (OF): a window that slides through the age-ordered heap, "
                + "window-pointer barrier";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(OlderFirst.WINDOW_BYTES);
    }

    @Override
    public PlanFactory factory() {
        return OlderFirst::new;
    }
}
