package org.jmmtk.core.plan;

import java.util.List;
import org.jmmtk.core.extension.Provider;

/**
 * Makes a plan available by name: the service jmmtk finds with {@link java.util.ServiceLoader}. A plan
 * registers by naming a class that implements this (public, with a public no-argument constructor) in
 * its jar's {@code META-INF/services/org.jmmtk.core.plan.PlanProvider}; built-in plans do the same.
 * Public API.
 *
 * <p>Threads: {@link #name}, {@link #description}, {@link #options} and {@link #factory} are called once, when plans are
 * discovered; the factory is called once per run, on the thread creating the heap.
 */
public interface PlanProvider extends Provider {
    /** Creates the plan for a new heap: typically its constructor, {@code MyPlan::new}. */
    PlanFactory factory();

    /**
     * The options the plan takes ({@code --nursery 8m}), with distinct names; the command line and study
     * files accept them for this plan only, and the plan reads them with {@link Plan#option}. None by default.
     */
    default List<PlanOption> options() {
        return List.of();
    }

    /**
     * Whether the plan does work concurrently with the program (mmtk-core's concurrent plans): only such
     * a plan takes {@code --pacing}, and its {@link Plan#concurrentWork} is run as the pacing says.
     */
    default boolean concurrent() {
        return false;
    }
}
