package org.jmmtk.plans.genimmix;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.plans.generational.Gen;

/** Registers {@link GenImmix} as plan {@code genimmix}. */
public final class GenImmixProvider implements PlanProvider {
    @Override
    public String name() {
        return "genimmix";
    }

    @Override
    public String description() {
        return "generational Immix: copying nursery promoted into an Immix mature space "
                + "(GenImmix), object-remembering barrier";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(Gen.NURSERY_BYTES);
    }

    @Override
    public PlanFactory factory() {
        return GenImmix::new;
    }
}
