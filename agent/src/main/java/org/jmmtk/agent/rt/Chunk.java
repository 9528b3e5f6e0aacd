package org.jmmtk.agent.rt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A run of one thread's events. The owning thread appends and publishes its position with a release
 * store after each event, so the shutdown drain, on another thread, reads only whole events.
 */
final class Chunk {
    private static final VarHandle POS;

    static {
        try {
            POS = MethodHandles.lookup().findVarHandle(Chunk.class, "pos", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int thread;
    final long[] words;
    private int pos;

    Chunk(int thread, int capacity) {
        this.thread = thread;
        this.words = new long[capacity];
    }

    /** Words in use, as last published (any thread). */
    int published() {
        return (int) POS.getAcquire(this);
    }

    /** Words in use (owning thread). */
    int size() {
        return pos;
    }

    boolean fits(int n) {
        return pos + n <= words.length;
    }

    void put(long a, long b, long c) {
        int p = pos;
        words[p] = a;
        words[p + 1] = b;
        words[p + 2] = c;
        POS.setRelease(this, p + 3);
    }

    void put(long a, long b, long c, long d) {
        int p = pos;
        words[p] = a;
        words[p + 1] = b;
        words[p + 2] = c;
        words[p + 3] = d;
        POS.setRelease(this, p + 4);
    }
}
