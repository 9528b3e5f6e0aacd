package org.jmmtk.agent.rt;

/**
 * One thread's recording state: the re-entrancy flag, its current chunk of events, its shadow stack of
 * frames, and its allocation accounts. A frame takes as many root slots as its method has local
 * variable slots, above its caller's; a reference stored in local {@code i} is root slot
 * {@code base + i}, and a frame's slots are cleared when the method returns or throws. Slots reach
 * the log only before this thread's allocations, at its hand-overs and at its end ({@link #flushRoots}).
 * <p>
 * Accounts: {@code recorded} bytes of objects this thread recorded where they were allocated,
 * {@code adopted} bytes of objects first seen elsewhere (made before the agent, by the JVM, or by
 * code that is not instrumented: in the trace as allocated where first seen), {@code own} bytes the recorder
 * itself allocated on this thread (counted exactly: each place the recorder allocates reads the JVM's
 * counter around it, or adds a size it knows), {@code filler} bytes recorded as unrecorded allocation;
 * the JVM's count since the thread's {@link #started} less {@code own} is what the program allocated.
 * Touched only by its own thread, except that the shutdown drain and the final accounts read it (under
 * this object's lock, as the thread takes it when it hands a full chunk over).
 */
final class ThreadState {
    private static final int FIRST_CHUNK = 256;
    private static final int MAX_CHUNK = 8192;
    /** Chunks a thread keeps for reuse (the writer is woken at each hand-over, so one or two are in flight). */
    private static final int SPARES = 4;
    /** Places in the cache of objects named last ({@link #recent}). */
    private static final int RECENT_BITS = 10;
    private static final int RECENT = 1 << RECENT_BITS;
    /** Largest object the cache keeps (it keeps them alive: the cache must not hold much of the heap). */
    static final long RECENT_MAX_BYTES = 512;
    /** Largest filler object: unrecorded allocation is split into pieces no bigger (small objects in any plan). */
    private static final long MAX_FILLER = 4096;

    final Thread owner;
    final int thread;
    /** Set while the recorder runs on this thread, so that instrumented code it calls is not recorded. */
    boolean busy = true;
    private boolean internal;
    private boolean ended;
    private Chunk chunk;
    /**
     * Full-size chunks the writer has written and given back, for this thread to fill again (under this
     * object's lock): a thread reuses a few chunks instead of allocating one per hand-over (64 KB each,
     * more than half of all the recording JVM allocated before).
     */
    private final Chunk[] spares = new Chunk[SPARES];
    private int spareCount;
    private int[] callers = new int[64];
    private int depth;
    private int base;
    private int top;
    /** What each frame slot holds now, and the id last written to the log for it. */
    private Object[] held = new Object[64];
    private long[] written = new long[64];
    private boolean[] isDirty = new boolean[64];
    private int[] dirtySlots = new int[64];
    private int dirtyCount;
    private boolean flushing;
    /**
     * Objects whose {@code NEW} ran and whose constructor has not returned, innermost last: the class,
     * the id reserved for it (0: none, its class's size was not known yet), the frame depth of the
     * {@code NEW}, and the object once it has been seen.
     */
    private Class<?>[] newType = new Class<?>[16];
    private long[] newId = new long[16];
    private int[] newDepth = new int[16];
    private Object[] newObject = new Object[16];
    private int news;

    /**
     * The objects this thread named last and their ids, direct-mapped by the id table's spread hash
     * code: most lookups are of objects just made or just named. Strong references, at most
     * {@link #RECENT} small objects per thread; emptied when the thread ends.
     */
    private final Object[] recentObjects = new Object[RECENT];
    private final long[] recentIds = new long[RECENT];

    private long startCount;
    /** The JVM's count at the last hand-over: filler settles up to there (see {@link #handOver}). */
    private long lastCount;
    private long recorded;
    private long adopted;
    /** The object whose allocation the recorder is being told about now (its first sight is an allocation, not an adoption). */
    Object allocatedNow;
    private long own;
    private long filler;
    private long finalAllocated = -1;
    /** Recorded bytes not yet added to the collection points' global count ({@link CollectionPoints#STEP_BYTES} at most). */
    private long unpublished;
    /** Full collections this thread claimed at a collection point and has yet to run ({@link #collectOwed}). */
    private int collectionsOwed;
    /** Classes this thread defined whose objects are yet to be recorded (null until the first). */
    private DefinitionQueue definitions;

    ThreadState(Thread owner, int thread) {
        this.owner = owner;
        this.thread = thread;
        this.chunk = new Chunk(this, FIRST_CHUNK);
    }

    /** The id of {@code object} if this thread named it last at its place in the cache, else 0. */
    long recent(Object object, int spread) {
        int i = spread >>> (32 - RECENT_BITS); // the table's index uses the low bits
        return recentObjects[i] == object ? recentIds[i] : 0;
    }

    /** Caches the id of {@code object} (small: the cache keeps it alive until another object takes its place). */
    void remember(Object object, int spread, long id) {
        int i = spread >>> (32 - RECENT_BITS);
        recentObjects[i] = object;
        recentIds[i] = id;
    }

    /** The chunk this thread fills now (writer thread, under this object's lock, as {@link #handOver} swaps it). */
    synchronized Chunk current() {
        return chunk;
    }

    /** The writer is done with {@code c}, one of this thread's chunks (writer thread). */
    synchronized void giveBack(Chunk c) {
        if (c.words.length == MAX_CHUNK && spareCount < SPARES && !ended) {
            spares[spareCount++] = c;
        }
    }

    void makeInternal() {
        internal = true;
        busy = true;
    }

    boolean internal() {
        return internal;
    }

    /** Whether the thread has ended ({@link #end}): the recorder stays out of its last instructions. */
    boolean ended() {
        return ended;
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
        unpublished += bytes;
        if (unpublished >= CollectionPoints.STEP_BYTES) {
            publish();
        }
    }

    /** {@code object}, of {@code bytes}, is seen for the first time: where it is allocated, or adopted (returns true). */
    boolean firstSeen(Object object, long bytes) {
        if (object == allocatedNow) {
            recorded(bytes);
            return false;
        }
        adopted += bytes;
        return true;
    }

    /** Queues a class shown to the transformer, whose JVM-made objects are recorded at this thread's next allocation. */
    void defining(ClassLoader loader, String name, long staticBytes, int places) {
        if (definitions == null) {
            definitions = new DefinitionQueue();
        }
        definitions.add(loader, name, staticBytes, places);
    }

    /**
     * Before an allocation (or a first sight) is recorded on this thread: the frames as they are now, and the
     * objects of the classes it defined since the last one.
     */
    void beforeAllocation() {
        flushRoots();
        if (definitions != null && !definitions.isEmpty() && !flushing) {
            Recorder.recordDefinitions(definitions, this);
        }
    }

    /** Bytes of an object the JVM made where no bytecode shows it, recorded now ({@link DefinedClasses}): not filler. */
    void madeByJvm(long bytes) {
        adopted += bytes;
    }

    /** Adds the recorded bytes gathered to the collection points' count (may be under the id table's lock: no collection here). */
    private void publish() {
        collectionsOwed += Recording.collectionPoints().add(unpublished);
        unpublished = 0;
    }

    /** Whether this thread claimed a collection point and has not collected for it yet. */
    boolean owesCollection() {
        return collectionsOwed > 0;
    }

    /**
     * Runs the full collections this thread claimed, with the thread inside the recorder ({@link #busy}), so
     * that the instrumented {@code Runtime.gc()} records no program request; what it allocates is the
     * recorder's own.
     */
    void collectOwed() {
        long start = ownStart();
        while (collectionsOwed > 0) {
            collectionsOwed--;
            Runtime.getRuntime().gc();
        }
        ownSince(start);
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
        int limit = Math.min(top, held.length);
        for (int slot = base; slot < limit; slot++) {
            held[slot] = null;
            if (written[slot] != 0) {
                dirty(slot);
            }
        }
        top = base;
        base = callers[--depth];
        while (news > 0 && newDepth[news - 1] > depth) {
            newObject[--news] = null; // a constructor that threw: allocated, and unreachable unless it was seen
        }
    }

    /** A {@code NEW} of {@code type} runs now, with {@code id} reserved for it (0 for none). */
    void reserve(Class<?> type, long id) {
        if (news == newId.length) {
            long start = ownStart();
            int n = 2 * news;
            newType = java.util.Arrays.copyOf(newType, n);
            newId = java.util.Arrays.copyOf(newId, n);
            newDepth = java.util.Arrays.copyOf(newDepth, n);
            newObject = java.util.Arrays.copyOf(newObject, n);
            ownSince(start);
        }
        newType[news] = type;
        newId[news] = id;
        newDepth[news] = depth;
        newObject[news++] = null;
    }

    /**
     * The id reserved for {@code object}, seen for the first time while constructors run: the innermost
     * reservation of its class not yet taken (0 when there is none, or when the reservation has no id).
     * The reservation is taken by the object either way.
     */
    long reservationFor(Object object) {
        Class<?> type = object.getClass();
        for (int i = news - 1; i >= 0; i--) {
            if (newObject[i] == null && newType[i] == type) {
                newObject[i] = object;
                return newId[i];
            }
        }
        return 0;
    }

    /**
     * The constructor of {@code object} returned at its {@code NEW}'s site: its reservation (the one
     * it took, or the innermost of its class in this frame) is done, and so is any above it (constructors
     * that threw and were caught in this frame). Returns the reserved id if the object has yet to be
     * bound to it, else 0.
     */
    long constructed(Object object) {
        Class<?> type = object.getClass();
        for (int i = news - 1; i >= 0 && newDepth[i] >= depth; i--) {
            Object o = newObject[i];
            if (o == object || o == null && newType[i] == type) {
                long id = o == null ? newId[i] : 0;
                while (news > i) {
                    newObject[--news] = null;
                }
                return id;
            }
        }
        return 0;
    }

    /**
     * Local {@code index} of the current frame now holds {@code value}. Slots are written to the log
     * only when a collection could see them ({@link #flushRoots}, before each allocation this thread
     * records), so a slot set and cleared in between costs neither an id lookup nor an event.
     */
    void local(int index, Object value) {
        int slot = base + index;
        if (depth == 0 || slot >= top || slot >= EventLog.MAX_ROOT_SLOTS) {
            return;
        }
        if (slot >= held.length) {
            long start = ownStart();
            int n = Math.min(EventLog.MAX_ROOT_SLOTS, Math.max(slot + 1, held.length * 2));
            held = java.util.Arrays.copyOf(held, n);
            written = java.util.Arrays.copyOf(written, n);
            isDirty = java.util.Arrays.copyOf(isDirty, n);
            ownSince(start);
        }
        held[slot] = value;
        dirty(slot);
    }

    private void dirty(int slot) {
        if (!isDirty[slot]) {
            isDirty[slot] = true;
            if (dirtyCount == dirtySlots.length) {
                long start = ownStart();
                dirtySlots = java.util.Arrays.copyOf(dirtySlots, 2 * dirtyCount);
                ownSince(start);
            }
            dirtySlots[dirtyCount++] = slot;
        }
    }

    /** Writes the frame slots that changed since the last time as they are now (before an allocation: a collection may run there). */
    void flushRoots() {
        if (flushing || dirtyCount == 0) {
            return;
        }
        flushing = true; // the ids looked up here may record first sights, which must not flush again
        try {
            for (int i = 0; i < dirtyCount; i++) {
                int slot = dirtySlots[i];
                isDirty[slot] = false;
                long id = Recorder.idOf(held[slot], this);
                if (written[slot] != id) {
                    written[slot] = id;
                    event(EventLog.ROOT, slot, id);
                }
            }
            dirtyCount = 0;
        } finally {
            flushing = false;
        }
    }

    void event(int kind, long a, long b) {
        if (!chunk.fits(3)) {
            handOver();
        }
        Chunk to = chunk;
        to.claim(3); // before the number: the writer's marks (LogWriter.sweep)
        to.put(Recorder.nextSeq(kind), a, b);
    }

    void event(int kind, long a, long b, long c) {
        if (!chunk.fits(4)) {
            handOver();
        }
        Chunk to = chunk;
        to.claim(4);
        to.put(Recorder.nextSeq(kind), a, b, c);
    }

    /** Hands the full chunk over and settles the allocation accounts (once per chunk). */
    private synchronized void handOver() {
        flushRoots(); // before the count: what it records counts its own allocation
        long count = Allocated.current();
        Chunk full = chunk;
        if (spareCount > 0 && full.words.length == MAX_CHUNK) {
            Chunk next = spares[--spareCount];
            spares[spareCount] = null;
            next.reset();
            chunk = next;
        } else {
            chunk = new Chunk(this, Math.min(MAX_CHUNK, full.words.length * 2));
        }
        Recording.handOver(full, full.size());
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
        long gap = count - startCount - own - recorded - adopted - filler;
        while (gap >= 16) {
            long piece = Math.min(gap, MAX_FILLER) & ~7L;
            filler += piece;
            gap -= piece;
            RecorderSlowPaths.filler(this, piece);
        }
    }

    /**
     * The thread ends ({@code Thread.exit}): clear its frame slots (the frames still open, {@code exit}'s own,
     * must not root anything in the trace after the thread, whose number a later thread may take), settle
     * its accounts, write its end and hand its events over. It records nothing after this.
     */
    synchronized void end() {
        if (ended) {
            return;
        }
        for (int slot = 0; slot < held.length; slot++) {
            held[slot] = null;
            if (written[slot] != 0) {
                dirty(slot);
            }
        }
        flushRoots();
        publish();
        fill(Allocated.current());
        event(EventLog.END, 0, 0);
        finalAllocated = Allocated.current();
        ended = true;
        java.util.Arrays.fill(recentObjects, null);
        // its spare chunks (up to 256 KB) go: a program that starts thousands of threads kept them all
        java.util.Arrays.fill(spares, null);
        spareCount = 0;
        Chunk c = chunk;
        chunk = new Chunk(this, FIRST_CHUNK);
        Recording.handOver(c, c.published());
    }

    /** Hands the events written so far to the writer and starts a fresh chunk (the shutdown drain). */
    synchronized void drain() {
        Chunk c = chunk;
        chunk = new Chunk(this, FIRST_CHUNK);
        Recording.handOver(c, c.published());
    }

    /**
     * This thread's accounts at the end ({@code {allocated, own, recorded, filler, adopted}}): the JVM's count
     * from its start, at its end or now when it is still running.
     */
    synchronized long[] accounts() {
        long count = ended ? finalAllocated : Allocated.of(owner);
        long allocated = count < 0 ? recorded + adopted + filler + own : count - startCount;
        return new long[] {allocated, own, recorded, filler, adopted};
    }
}
