package org.jmmtk.agent.rt;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where the recorded JVM is to run a full collection: when the bytes the program's threads recorded,
 * summed over all of them, reach each point (the agent's {@code collectAt=} option, from {@code jmmtk record
 * --collect-at}, which {@code validate} fills with its HotSpot run's full collections). Each thread adds its
 * recorded bytes to the one global count in steps of {@link #STEP_BYTES} (and what is left when it ends),
 * so a point is seen reached up to one step per running thread late; the thread whose step reaches a
 * point claims it (exactly one thread per point) and collects at its next event ({@link ThreadState}).
 * Any recorded thread adds; the points are fixed at start-up.
 */
public final class CollectionPoints {
    /** How many recorded bytes a thread gathers before it adds them to the global count. */
    public static final long STEP_BYTES = 64 << 10;
    /** No points: the recorded JVM collects when its own collector decides to. */
    static final CollectionPoints NONE = new CollectionPoints(new long[0]);

    private final long[] points;
    private final AtomicLong recorded = new AtomicLong();
    private final AtomicInteger next = new AtomicInteger();

    CollectionPoints(long[] points) {
        this.points = points.clone();
    }

    /**
     * The points of {@code spec}: byte counts separated by commas, each positive and larger than the one
     * before (empty: none). An {@link IllegalArgumentException} saying what is wrong with which point.
     */
    public static long[] parse(String spec) {
        if (spec.isEmpty()) {
            return new long[0];
        }
        String[] parts = spec.split(",", -1);
        long[] at = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].trim();
            try {
                at[i] = Long.parseLong(p);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("point " + (i + 1) + " '" + p + "' is not a byte count");
            }
            if (at[i] <= 0) {
                throw new IllegalArgumentException("point " + (i + 1) + " (" + at[i] + ") is not positive");
            }
            if (i > 0 && at[i] <= at[i - 1]) {
                throw new IllegalArgumentException("point " + (i + 1) + " (" + at[i] + ") is not larger than the one "
                        + "before it (" + at[i - 1] + ")");
            }
        }
        return at;
    }

    /** The points from the agent's option (null or empty: none). */
    static CollectionPoints of(String spec) {
        long[] at = spec == null ? new long[0] : parse(spec);
        return at.length == 0 ? NONE : new CollectionPoints(at);
    }

    /**
     * Adds {@code bytes} a thread recorded to the global count; returns how many points this call
     * claimed (the count reached them and no other thread had claimed them): the collections its thread owes.
     */
    int add(long bytes) {
        if (points.length == 0) {
            return 0;
        }
        long total = recorded.addAndGet(bytes);
        int claimed = 0;
        for (int i = next.get(); i < points.length && points[i] <= total; i = next.get()) {
            if (next.compareAndSet(i, i + 1)) {
                claimed++;
            }
        }
        return claimed;
    }

    /** The recorded bytes added so far (all threads). */
    long recorded() {
        return recorded.get();
    }
}
