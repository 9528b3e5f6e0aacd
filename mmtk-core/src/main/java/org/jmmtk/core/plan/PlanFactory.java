package org.jmmtk.core.plan;

/** Builds a plan and its spaces for a heap that is being created. */
@FunctionalInterface
public interface PlanFactory {
    Plan create(PlanArgs args);
}
