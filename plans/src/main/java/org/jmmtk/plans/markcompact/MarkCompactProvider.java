package org.jmmtk.plans.markcompact;

import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link MarkCompact} as plan {@code markcompact}. */
public final class MarkCompactProvider implements PlanProvider {
    @Override
    public String name() {
        return "markcompact";
    }

    @Override
    public String description() {
        return "mark-compact (MC), Lisp-2 sliding compaction; parallel marking, forwarding "
                + "and reference updating";
    }

    @Override
    public PlanFactory factory() {
        return MarkCompact::new;
    }
}
