package org.jmmtk.agent.rt;

/**
 * One thread's recording state: the re-entrancy flag, its current chunk of events, its shadow stack of
 * frames, and its allocation accounts. A frame takes as many root slots as its method has local
 * variable slots, above its caller's; a reference stored in local {@code i} is root slot
 * {@code base + i}, and a frame's slots are cleared when the method returns or throws.
 * <p>
 * Accounts: {@code recorded} bytes of objects this thread recorded, {@code own} bytes the recorder
 * itself allocated on this thread (counted exactly: each place the recorder allocates reads the JVM's
 * counter around it, or adds a size it knows), {@code filler} bytes recorded as unrecorded allocation;
 * the JVM's count since the thread's {@link #started} less {@code own} is what the program allocated.
 * Touched only by its own thread, except that the shutdown drain and the final accounts read it (under
 * this object's lock, as the thread takes it when it hands a full chunk over).
 */
final class ThreadState {
    private static final int FIRST_CHUNK = 256;
    private static final int MAX_CHUNK = 8192;
    /** Largest filler object: unrecorded allocation is split into pieces no bigger (small objects in any plan). */
    private static final long MAX_FILLER = 4096;

    final Thread owner;
    final int thread;
    /** Set while the recorder runs on this thread, so that instrumented code it calls is not recorded. */
    boolean busy = true;
    private boolean internal;
    private boolean ended;
    private Chunk chunk;
    private int[] callers = new int[64];
    private int depth;
    private int base;
    private int top;
    private long[] roots = new long[64];

    private long startCount;
    /** The JVM's count at the last hand-over: filler settles up to there (see {@link #handOver}). */
    private long lastCount;
    private long recorded;
    private long own;
    private long filler;
    private long finalAllocated = -1;

    ThreadState(Thread owner, int thread) {
        this.owner = owner;
        this.thread = thread;
        this.chunk = new Chunk(thread, FIRST_CHUNK);
    }

    void makeInternal() {
        internal = true;
        busy = true;
    }

    boolean internal() {
        return internal;
    }

    /** The thread starts to be recorded: its allocation is counted from here. */
    void started() {
        startCount = Allocated.current();
        lastCount = startCount;
        own = 0;
        busy = false;
    }

    void recorded(long bytes) {
        recorded += bytes;
    }

    /** Bytes the recorder allocated on this thread (a size it knows). */
    void own(long bytes) {
        own += bytes;
    }

    /** Starts counting the recorder's allocation; pass the result to {@link #ownSince}. */
    static long ownStart() {
        return Allocated.current();
    }

    /** Adds what the current thread allocated since {@code start} (from {@link #ownStart}) to the recorder's own. */
    void ownSince(long start) {
        own += Allocated.current() - start;
    }

    void enter(int maxLocals) {
        if (depth == callers.length) {
            long start = ownStart();
            callers = java.util.Arrays.copyOf(callers, depth * 2);
            ownSince(start);
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
            long start = ownStart();
            roots = java.util.Arrays.copyOf(roots, Math.min(EventLog.MAX_ROOT_SLOTS, Math.max(slot + 1, roots.length * 2)));
            ownSince(start);
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

    /** Hands the full chunk over and settles the allocation accounts (once per chunk). */
    private synchronized void handOver() {
        long count = Allocated.current();
        Chunk full = chunk;
        chunk = new Chunk(thread, Math.min(MAX_CHUNK, full.words.length * 2));
        Recorder.handOver(full, full.size());
        own += Allocated.current() - count;
        // settle only up to the previous hand-over: an object whose constructor is still running (recorded
        // when it returns) or that is first seen a little later is not taken for unrecorded allocation
        fill(lastCount);
        lastCount = count;
    }

    /**
     * Records what the JVM counted on this thread and the recorder did not see (allocation inside
     * intrinsics and native code) as filler objects that die at once, so that the trace's allocation
     * clock keeps time with the program's.
     */
    private void fill(long count) {
        long gap = count - startCount - own - recorded - filler;
        while (gap >= 16) {
            long piece = Math.min(gap, MAX_FILLER) & ~7L;
            filler += piece;
            gap -= piece;
            Recorder.filler(this, piece);
        }
    }

    /** The thread ends ({@code Thread.exit}): settle its accounts and hand its events over. */
    synchronized void end() {
        if (ended) {
            return;
        }
        fill(Allocated.current());
        finalAllocated = Allocated.current();
        ended = true;
        Chunk c = chunk;
        chunk = new Chunk(thread, FIRST_CHUNK);
        Recorder.handOver(c, c.published());
    }

    /** Hands the events written so far to the writer and starts a fresh chunk (the shutdown drain). */
    synchronized void drain() {
        Chunk c = chunk;
        chunk = new Chunk(thread, FIRST_CHUNK);
        Recorder.handOver(c, c.published());
    }

    /**
     * This thread's accounts at the end ({@code {allocated, own, recorded, filler}}): the JVM's count
     * from its start, at its end or now when it is still running.
     */
    synchronized long[] accounts() {
        long count = ended ? finalAllocated : Allocated.of(owner);
        long allocated = count < 0 ? recorded + filler + own : count - startCount;
        return new long[] {allocated, own, recorded, filler};
    }
}
