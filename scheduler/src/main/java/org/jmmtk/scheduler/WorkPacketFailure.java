package org.jmmtk.scheduler;

/**
 * A work packet threw during a collection. The collection was abandoned: remaining packets were
 * dropped. The original exception is the cause. Thrown to the thread that ran the collection.
 */
public final class WorkPacketFailure extends RuntimeException {
    private final int gc;

    public WorkPacketFailure(int gc, Throwable cause) {
        super("work packet failed during GC " + gc + ": " + cause, cause);
        this.gc = gc;
    }

    public int gc() {
        return gc;
    }
}
