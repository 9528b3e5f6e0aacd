package org.jmmtk.scheduler;

/**
 * A unit of GC work: one type of work over a batch of items, run to completion by whichever worker
 * picks it up. Packets hold their own state; workers are stateless apart from their per-worker context
 * of type {@code C}, which the packet receives typed through {@link GCWorker#context()} (as mmtk-core's
 * {@code GCWork<VM>} receives {@code GCWorker<VM>}), so no packet casts it. The scheduler stamps each
 * packet with its stage, a run-unique id and the id of the packet whose execution created it when the
 * packet is added.
 *
 * <p>A packet is created by one thread, handed over through a queue, and executed by exactly one
 * worker thread.
 *
 * @param <C> the per-worker context type of the layer above the scheduler
 */
public abstract class WorkPacket<C> {
    long id;
    long parentId;
    Stage stage;
    /**
     * Clock reading when the packet was added, and its offset from the parent's start in elapsed time and in
     * the parent thread's CPU time; set only while recorded.
     */
    long createdAt;
    long spawnOffset = -1;
    long spawnCpuOffset = -1;

    /** Does the work. May add more packets through {@code worker}. */
    public abstract void execute(GCWorker<C> worker);

    /** Run-unique id, assigned when the packet was added to the scheduler. */
    public final long id() {
        return id;
    }

    /** Id of the packet that created this one, 0 if it was added from outside any packet. */
    public final long parentId() {
        return parentId;
    }

    /** The stage (bucket) the packet was added to. */
    public final Stage stage() {
        return stage;
    }
}
