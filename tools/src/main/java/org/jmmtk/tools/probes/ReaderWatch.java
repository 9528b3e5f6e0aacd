package org.jmmtk.tools.probes;

/**
 * When the reading thread entered the JDK's JFR reader, for {@link BoundedJfrReader}'s watchdog: the
 * reading thread calls {@link #enter} and {@link #leave} around each call into the JDK, the watching
 * thread asks {@link #stuck}. Time outside the JDK (in jmmtk's handler) never counts as stuck.
 */
final class ReaderWatch {
    private static final long OUTSIDE = Long.MIN_VALUE;

    private volatile long enteredAt = OUTSIDE;

    /** The reading thread enters the JDK's reader at {@code now} (nanoseconds, {@link System#nanoTime}). */
    void enter(long now) {
        enteredAt = now;
    }

    /** The reading thread is back from the JDK's reader. */
    void leave() {
        enteredAt = OUTSIDE;
    }

    /** Whether the reading thread has been inside the JDK's reader for at least {@code limit} nanoseconds at {@code now}. */
    boolean stuck(long now, long limit) {
        long at = enteredAt;
        return at != OUTSIDE && now - at >= limit;
    }
}
