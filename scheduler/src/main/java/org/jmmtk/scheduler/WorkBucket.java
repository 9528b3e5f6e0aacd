package org.jmmtk.scheduler;

import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * The global queue of one stage. Any thread may add; workers poll it only while it is open. The
 * optional sentinel runs once when the bucket drains and may add more work to the same stage.
 *
 * <p>The queue is lock-free (JCTools MPMC). {@code open} is written only by the thread that opens or
 * closes buckets while holding the scheduler's monitor, and read by polling workers without it.
 *
 * @param <C> the per-worker context type of the packets it holds
 */
public final class WorkBucket<C> {
    private final Stage stage;
    private final MpmcUnboundedXaddArrayQueue<WorkPacket<C>> queue = new MpmcUnboundedXaddArrayQueue<>(1024);
    private volatile boolean open;
    private WorkPacket<C> sentinel;

    WorkBucket(Stage stage) {
        this.stage = stage;
    }

    public Stage stage() {
        return stage;
    }

    public boolean isOpen() {
        return open;
    }

    void setOpen(boolean open) {
        this.open = open;
    }

    void add(WorkPacket<C> packet) {
        queue.offer(packet);
    }

    WorkPacket<C> poll() {
        return queue.poll();
    }

    /** Exact once every producer's offer has returned: compares the producer and consumer indices. */
    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** The packets queued; exact only while no producer is adding. */
    int size() {
        return queue.size();
    }

    WorkPacket<C> takeSentinel() {
        WorkPacket<C> s = sentinel;
        sentinel = null;
        return s;
    }

    void setSentinel(WorkPacket<C> packet) {
        sentinel = packet;
    }

    boolean hasSentinel() {
        return sentinel != null;
    }

    void clear() {
        while (queue.poll() != null) {
            // drop packets of an aborted collection
        }
        sentinel = null;
    }
}
