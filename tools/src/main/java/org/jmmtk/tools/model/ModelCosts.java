package org.jmmtk.tools.model;

/**
 * The scheduling costs the virtual-time model charges, in nanoseconds: taking a packet from another
 * worker's queue, waking a parked worker, the last parked worker's opening of the next bucket (from the
 * end of the last packet to the next packet's start on that worker), and the fan-out: how much later each
 * further worker runs when a bucket opening wakes them all (the k-th woken worker runs
 * {@code wakeNanos + (k - 1) * fanOutNanos} after the opening, as the woken threads queue for the
 * scheduler's lock one after the other), and the signal: what waking one parked worker costs the worker
 * that wakes it, within the packet it is running (a one-thread recording never pays it). The steal cost
 * is also what looking at a running worker's queue costs a worker that sweeps the queues for work or
 * checks them before parking: a transfer of the cache line its owner keeps writing. Immutable.
 */
public record ModelCosts(long stealNanos, long wakeNanos, long bucketOpenNanos, long fanOutNanos, long signalNanos) {
    /** No costs at all: the model then schedules the graph as an ideal greedy scheduler with these policies. */
    public static final ModelCosts FREE = new ModelCosts(0, 0, 0, 0, 0);

    public ModelCosts {
        if (stealNanos < 0 || wakeNanos < 0 || bucketOpenNanos < 0 || fanOutNanos < 0 || signalNanos < 0) {
            throw new IllegalArgumentException("scheduling costs cannot be negative");
        }
    }

    /** Costs without a signal cost. */
    public ModelCosts(long stealNanos, long wakeNanos, long bucketOpenNanos, long fanOutNanos) {
        this(stealNanos, wakeNanos, bucketOpenNanos, fanOutNanos, 0);
    }

    /** Costs without a fan-out or signal cost. */
    public ModelCosts(long stealNanos, long wakeNanos, long bucketOpenNanos) {
        this(stealNanos, wakeNanos, bucketOpenNanos, 0, 0);
    }
}
