package org.jmmtk.agent.rt;

import java.util.Arrays;

/**
 * One application thread's recording state: its current chunk of events and its shadow stack of
 * frames. A frame takes as many root slots as its method has local variable slots, above its
 * caller's; a reference stored in local {@code i} is root slot {@code base + i}, and a frame's slots
 * are cleared when the method returns or throws. Touched only by its own thread, except that the
 * shutdown drain reads the current chunk (under this object's lock, as the thread does when it hands
 * a full chunk over).
 */
final class ThreadState {
    private static final int FIRST_CHUNK = 256;
    private static final int MAX_CHUNK = 8192;

    final int thread;
    /** Set while the recorder runs on this thread, so that instrumented code it calls is not recorded. */
    boolean busy;
    private Chunk chunk;
    private int[] callers = new int[64];
    private int depth;
    private int base;
    private int top;
    private long[] roots = new long[64];

    ThreadState(int thread) {
        this.thread = thread;
        this.chunk = new Chunk(thread, FIRST_CHUNK);
    }

    void enter(int maxLocals) {
        if (depth == callers.length) {
            callers = Arrays.copyOf(callers, depth * 2);
        }
        callers[depth++] = base;
        base = top;
        top = base + maxLocals;
    }

    void exit() {
        if (depth == 0) {
            return; // a frame entered before the recorder started on this thread
        }
        int limit = Math.min(top, roots.length);
        for (int slot = base; slot < limit; slot++) {
            if (roots[slot] != 0) {
                roots[slot] = 0;
                event(EventLog.ROOT, slot, 0);
            }
        }
        top = base;
        base = callers[--depth];
    }

    /** Local {@code index} of the current frame now holds {@code id} (0: null). */
    void local(int index, long id) {
        int slot = base + index;
        if (depth == 0 || slot >= top || slot >= EventLog.MAX_ROOT_SLOTS) {
            return;
        }
        if (slot >= roots.length) {
            roots = Arrays.copyOf(roots, Math.min(EventLog.MAX_ROOT_SLOTS, Math.max(slot + 1, roots.length * 2)));
        }
        if (roots[slot] != id) {
            roots[slot] = id;
            event(EventLog.ROOT, slot, id);
        }
    }

    void event(int kind, long a, long b) {
        if (!chunk.fits(3)) {
            handOver();
        }
        chunk.put(Recorder.nextSeq(kind), a, b);
    }

    void event(int kind, long a, long b, long c) {
        if (!chunk.fits(4)) {
            handOver();
        }
        chunk.put(Recorder.nextSeq(kind), a, b, c);
    }

    private synchronized void handOver() {
        Chunk full = chunk;
        chunk = new Chunk(thread, Math.min(MAX_CHUNK, full.words.length * 2));
        Recorder.handOver(full, full.size());
    }

    /** Hands the events written so far to the writer and starts a fresh chunk (the shutdown drain). */
    synchronized void drain() {
        Chunk c = chunk;
        chunk = new Chunk(thread, FIRST_CHUNK);
        Recorder.handOver(c, c.published());
    }
}
