package org.jmmtk.tools.model;

/**
 * The scheduling costs the virtual-time model charges, in nanoseconds: taking a packet from another
 * worker's queue, waking a parked worker, and the last parked worker's opening of the next bucket (from
 * the end of the last packet to the next packet's start on that worker). Immutable.
 */
public record ModelCosts(long stealNanos, long wakeNanos, long bucketOpenNanos) {
    /** No costs at all: the model then schedules the graph as an ideal greedy scheduler with these policies. */
    public static final ModelCosts FREE = new ModelCosts(0, 0, 0);

    public ModelCosts {
        if (stealNanos < 0 || wakeNanos < 0 || bucketOpenNanos < 0) {
            throw new IllegalArgumentException("scheduling costs cannot be negative");
        }
    }
}
