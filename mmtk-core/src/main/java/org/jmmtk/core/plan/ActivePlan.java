package org.jmmtk.core.plan;

import java.util.List;

/**
 * The binding's mutators as the plan sees them (mmtk-core's {@code ActivePlan}): the binding owns the
 * mutator contexts it had the plan create ({@link Plan#bindMutator}) and lists them here, so that a
 * collection can prepare, release and scan each one.
 *
 * <p>Read by GC workers and by the thread that runs a collection while the mutators are stopped, and
 * by the thread that reports once the program ended.
 */
public interface ActivePlan {
    /** The mutators bound so far, in ordinal order (a copy, unchanged while they are stopped). */
    List<Mutator> mutators();
}
