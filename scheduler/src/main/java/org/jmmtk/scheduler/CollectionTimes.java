package org.jmmtk.scheduler;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Wall-clock landmarks of one collection as the scheduler saw it ({@link System#nanoTime()}): when it
 * started and ended, when each bucket opened and when the first packet of each stage started. The
 * closure phase is measured like the MPLR'23 paper does: from the first Closure packet to the opening
 * of the bucket after it.
 *
 * <p>Written by workers during the collection; read after {@link GCWorkScheduler#runCollection}
 * returns.
 */
public final class CollectionTimes {
    private final int gc;
    private final long start;
    private volatile long end;
    private final long[] openedAt = new long[Stage.ALL.length];
    private final AtomicLongArray firstPacketAt = new AtomicLongArray(Stage.ALL.length);

    CollectionTimes(int gc, long start) {
        this.gc = gc;
        this.start = start;
        openedAt[Stage.UNCONSTRAINED.ordinal()] = start;
    }

    public int gc() {
        return gc;
    }

    public long startNanos() {
        return start;
    }

    public long endNanos() {
        return end;
    }

    void markEnd(long now) {
        end = now;
    }

    void markOpened(Stage stage, long now) {
        openedAt[stage.ordinal()] = now;
    }

    void markFirstPacket(Stage stage) {
        int i = stage.ordinal();
        if (firstPacketAt.get(i) == 0) {
            firstPacketAt.compareAndSet(i, 0, System.nanoTime());
        }
    }

    /** When the bucket of {@code stage} opened, or 0 if it never did. */
    public long openedAt(Stage stage) {
        return openedAt[stage.ordinal()];
    }

    /** When the first packet of {@code stage} started, or 0 if none ran. */
    public long firstPacketAt(Stage stage) {
        return firstPacketAt.get(stage.ordinal());
    }

    /** Whole collection as the scheduler ran it, in nanoseconds. */
    public long totalNanos() {
        return end - start;
    }

    /**
     * The closure phase: from the first Closure packet to the opening of the next bucket (or the end of
     * the collection). Zero when no Closure packet ran.
     */
    public long closureNanos() {
        long first = firstPacketAt(Stage.CLOSURE);
        if (first == 0) {
            return 0;
        }
        long next = end;
        for (int s = Stage.CLOSURE.ordinal() + 1; s < openedAt.length; s++) {
            if (openedAt[s] != 0) {
                next = openedAt[s];
                break;
            }
        }
        return Math.max(0, next - first);
    }
}
