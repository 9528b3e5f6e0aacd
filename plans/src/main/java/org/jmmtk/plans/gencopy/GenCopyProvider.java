package org.jmmtk.plans.gencopy;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.plans.generational.Gen;

/** Registers {@link GenCopy} as plan {@code gencopy}. */
public final class GenCopyProvider implements PlanProvider {
    @Override
    public String name() {
        return "gencopy";
    }

    @Override
    public String description() {
        return "generational copying with a fixed-size nursery (FG, GenCopy), "
                + "object-remembering barrier";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(Gen.NURSERY_BYTES);
    }

    @Override
    public PlanFactory factory() {
        return GenCopy::new;
    }
}
