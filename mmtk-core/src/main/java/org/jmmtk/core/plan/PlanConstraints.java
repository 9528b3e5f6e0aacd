package org.jmmtk.core.plan;

/**
 * What a plan promises its binding (MMTk's {@code PlanConstraints}).
 *
 * @param movesObjects      whether collections may change object addresses
 * @param needsWriteBarrier whether pointer stores must go through the mutator's barrier to be correct
 */
public record PlanConstraints(boolean movesObjects, boolean needsWriteBarrier) {
}
