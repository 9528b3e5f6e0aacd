package org.jmmtk.tools.model;

/**
 * The scheduling costs the virtual-time model charges, in nanoseconds: taking a packet from another
 * worker's queue, waking a parked worker, the last parked worker's opening of the next bucket (from the
 * end of the last packet to the next packet's start on that worker), and the fan-out: how much later each
 * further worker runs when a bucket opening wakes them all (the k-th woken worker runs
 * {@code wakeNanos + (k - 1) * fanOutNanos} after the opening, as the woken threads queue for the
 * scheduler's lock one after the other). Immutable.
 */
public record ModelCosts(long stealNanos, long wakeNanos, long bucketOpenNanos, long fanOutNanos) {
    /** No costs at all: the model then schedules the graph as an ideal greedy scheduler with these policies. */
    public static final ModelCosts FREE = new ModelCosts(0, 0, 0, 0);

    public ModelCosts {
        if (stealNanos < 0 || wakeNanos < 0 || bucketOpenNanos < 0 || fanOutNanos < 0) {
            throw new IllegalArgumentException("scheduling costs cannot be negative");
        }
    }

    /** Costs without a fan-out cost. */
    public ModelCosts(long stealNanos, long wakeNanos, long bucketOpenNanos) {
        this(stealNanos, wakeNanos, bucketOpenNanos, 0);
    }
}
