package org.jmmtk.core.plan;

import org.jmmtk.core.MMTK;

/** Builds a plan's spaces inside an {@link MMTK} instance that is being created. */
@FunctionalInterface
public interface PlanFactory {
    Plan create(MMTK mmtk);
}
