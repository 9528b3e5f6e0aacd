package org.jmmtk.core.plan;

/**
 * What a plan promises its binding (MMTk's {@code PlanConstraints}).
 *
 * @param movesObjects     whether collections may change object addresses
 * @param maxNonLosBytes   objects larger than this are allocated in the large object space
 * @param needsWriteBarrier whether pointer stores must go through the mutator's barrier
 */
public record PlanConstraints(boolean movesObjects, long maxNonLosBytes, boolean needsWriteBarrier) {
    /** The default size above which objects go to the large object space (MMTk's default too). */
    public static final long DEFAULT_MAX_NON_LOS_BYTES = 8192;
}
