package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.concurrent.locks.LockSupport;
import org.jmmtk.bindings.trace.DependencyTable;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceChecker;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.plan.Mutator;

/**
 * The reader side of a {@link ParallelReplay}: it receives the trace's records in order, checks
 * what does not depend on collections (a {@link TraceChecker}, as every consumer does), and hands
 * each record to the mutator thread of its trace thread (a trace thread goes, when it first
 * appears, to the mutator thread with the fewest; {@code G} and {@code C} records to the thread of
 * the record before them); it binds a trace thread's mutator on the thread's first record, as the
 * sequential replay does, and puts it in each of the thread's records. The reading thread is itself
 * mutator thread 0: it runs that thread's batches as it hands them over, and stops for collections
 * at a yieldpoint every few records it reads. It notes what each record must wait for ({@link
 * DependencyTable}): the allocation of each object it names, and the previous store into the same
 * slot (object slot or global root), when another mutator thread did them and may not have done
 * them yet. Records are handed over in batches (a mutator thread gives its finished batches back to
 * be filled again); a batch holding a record that a later one waits for is handed over at once. The
 * reader stays at most {@link #WINDOW} records ahead of the first record not yet done, which bounds
 * both its memory and the collector's cut roots.
 *
 * <p>Called by the reading thread only (the collector reads {@link #openEpoch} while it is stopped).
 */
final class Dispatcher implements TraceEvents {
    /** How far the reader may run ahead of the first record not yet done. */
    static final long WINDOW = 1 << 16;

    private final ParallelReplay replay;
    private final MutatorHandshake handshake;
    private final MutatorThread[] threads;
    private final MutatorRegistry mutators;
    private final WeakSlots weakSlots;
    /** Log2 of the object ids per page of the dependency table. */
    private static final int PAGE_BITS = 12;

    private final RecordBatch[] open;
    /** Per mutator thread, a finished batch it gave back, to fill next. */
    private final RecordBatch[] spare;
    private final Int2IntOpenHashMap threadOf = new Int2IntOpenHashMap();
    /** Per mutator thread, how many trace threads it runs. */
    private final int[] traceThreads;
    /** Keeps slot counts: the objects are made on the mutator threads, later. */
    private final TraceChecker checker = new TraceChecker(true);
    private final DependencyTable dependencies;
    private long position;
    private long epoch;
    private int current;
    /** The mutator of the last trace thread seen. */
    private Mutator currentMutator;
    private int lastTraceThread = Integer.MIN_VALUE;
    private long windowLimit = WINDOW;
    /** A lower bound on the epoch of every record read but not yet handed over, and of those to come. */
    private volatile long openEpoch;

    Dispatcher(ParallelReplay replay, MutatorThread[] threads, MutatorRegistry mutators, WeakSlots weakSlots) {
        this.replay = replay;
        this.weakSlots = weakSlots;
        this.handshake = replay.handshake();
        this.threads = threads;
        this.mutators = mutators;
        this.open = new RecordBatch[threads.length];
        this.spare = new RecordBatch[threads.length];
        this.traceThreads = new int[threads.length];
        this.dependencies = new DependencyTable(WINDOW, PAGE_BITS, this::isDone);
        threadOf.defaultReturnValue(-1);
    }

    long openEpoch() {
        return openEpoch;
    }

    long position() {
        return position;
    }

    @Override
    public void type(int typeId, String name) {
        position++;
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        position++;
        checker.weakSlot(typeId, slot);
        weakSlots.mark(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        step();
        epoch++;
        checker.alloc(thread, object, bytes, refSlots, typeId);
        int t = threadFor(thread);
        RecordBatch b = batch(t);
        b.add(RecordBatch.ALLOC, currentMutator, object, bytes, refSlots, typeId, position, epoch);
        dependencies.allocated(object, DependencyTable.encode(position, t));
        handOverIfFull(t, b);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        step();
        checker.write(thread, source, slot, target);
        int t = threadFor(thread);
        long a1 = allocationFor(source, t);
        long a2 = allocationFor(target, t);
        long a3 = mustWait(dependencies.store(source, slot, DependencyTable.encode(position, t)), t);
        RecordBatch b = batch(t);
        int i = b.add(RecordBatch.WRITE, currentMutator, source, target, slot, 0, position, epoch);
        after(b, i, a1, a2, a3);
        handOverIfFull(t, b);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        step();
        checker.root(thread, rootSlot, target);
        int t = threadFor(thread);
        long a1 = allocationFor(target, t);
        RecordBatch b = batch(t);
        int i = b.add(RecordBatch.ROOT, currentMutator, 0, target, rootSlot, 0, position, epoch);
        after(b, i, a1, 0, 0);
        handOverIfFull(t, b);
    }

    @Override
    public void global(int rootSlot, long target) {
        step();
        checker.global(rootSlot, target);
        int t = current;
        long a1 = allocationFor(target, t);
        long a2 = mustWait(dependencies.storeGlobal(rootSlot, DependencyTable.encode(position, t)), t);
        RecordBatch b = batch(t);
        int i = b.add(RecordBatch.GLOBAL, null, 0, target, rootSlot, 0, position, epoch);
        after(b, i, a1, a2, 0);
        handOverIfFull(t, b);
    }

    /**
     * {@code X}: to the mutator thread of the trace thread, after the thread's other records (its root
     * clears); nothing to wait for. A thread with no record before has no mutator: nothing to tell.
     */
    @Override
    public void threadEnd(int thread) {
        step();
        checker.threadEnd(thread);
        Mutator m = mutators.ofEnded(thread);
        if (m != null) {
            int t = threadFor(thread);
            RecordBatch b = batch(t);
            b.add(RecordBatch.THREAD_END, m, 0, 0, thread, 0, position, epoch);
            handOverIfFull(t, b);
        }
    }

    @Override
    public void death(long object) {
        step();
        checker.death(object);
    }

    @Override
    public void perfectPoint() {
        step();
    }

    @Override
    public void collect() {
        step();
        epoch++;
        int t = current;
        RecordBatch b = batch(t);
        b.add(RecordBatch.COLLECT, null, 0, 0, 0, 0, position, epoch);
        handOverIfFull(t, b);
    }

    /** Hands every record over and tells the mutator threads that no more will come. */
    void finish() {
        handOverAll();
        openEpoch = Long.MAX_VALUE;
        for (MutatorThread t : threads) {
            t.close();
        }
    }

    // ---- records ----

    private void step() {
        replay.checkNotAborted();
        position++;
        if ((position & (MutatorThread.YIELD_EVERY - 1)) == 0) {
            handshake.yieldpoint();
        }
        if (position >= windowLimit) {
            awaitWindow();
        }
        dependencies.advance(position);
    }

    private int threadFor(int thread) {
        if (thread == lastTraceThread) {
            return current;
        }
        int t = threadOf.get(thread);
        if (t < 0) {
            t = leastLoaded();
            traceThreads[t]++;
            threadOf.put(thread, t);
        }
        current = t;
        currentMutator = mutators.forThread(thread);
        lastTraceThread = thread;
        return t;
    }

    /**
     * The mutator thread with the fewest trace threads, the last on a tie; mutator thread 0 is this
     * thread, which also reads and hands over every record, so its trace threads count double.
     */
    private int leastLoaded() {
        int best = threads.length - 1;
        for (int t = best - 1; t >= 0; t--) {
            if (load(t) < load(best)) {
                best = t;
            }
        }
        return best;
    }

    private int load(int t) {
        return t == 0 ? 2 * traceThreads[0] : traceThreads[t];
    }

    private RecordBatch batch(int t) {
        RecordBatch b = open[t];
        if (b == null) {
            b = spare[t];
            if (b == null) {
                b = new RecordBatch();
            } else {
                spare[t] = null;
                b.clear();
            }
            open[t] = b;
        }
        return b;
    }

    private void handOverIfFull(int t, RecordBatch b) {
        if (b.isFull()) {
            handOver(t);
        }
    }

    private static void after(RecordBatch b, int i, long a1, long a2, long a3) {
        b.after[3 * i] = a1;
        b.after[3 * i + 1] = a2;
        b.after[3 * i + 2] = a3;
        // keep the non-zero ones first: the mutator thread stops at the first 0
        if (a1 == 0) {
            b.after[3 * i] = a2 != 0 ? a2 : a3;
            b.after[3 * i + 1] = a2 != 0 ? a3 : 0;
            b.after[3 * i + 2] = 0;
        } else if (a2 == 0) {
            b.after[3 * i + 1] = a3;
            b.after[3 * i + 2] = 0;
        }
    }

    /** The allocation record of {@code id} if mutator thread {@code t} must wait for it, else 0. */
    private long allocationFor(long id, int t) {
        return id == 0 ? 0 : mustWait(dependencies.allocation(id), t);
    }

    private long mustWait(long record, int t) {
        if (record == 0) {
            return 0;
        }
        int other = DependencyTable.threadOf(record);
        if (other == t || threads[other].hasDone(DependencyTable.positionOf(record))) {
            return 0;
        }
        RecordBatch b = open[other];
        if (b != null && b.position[0] <= DependencyTable.positionOf(record)) {
            handOver(other);
        }
        return record;
    }

    private void handOver(int t) {
        RecordBatch b = open[t];
        if (b == null) {
            return;
        }
        open[t] = null;
        RecordBatch given;
        if (t == 0) {
            // mutator thread 0 is this thread: its records run now (it stops for collections only while
            // running them, with b in its queue)
            openEpoch = lowestOpenEpoch();
            given = threads[0].executeNow(b);
        } else {
            given = threads[t].enqueue(b);
            openEpoch = lowestOpenEpoch();
        }
        if (given != null) {
            spare[t] = given;
        }
    }

    private long lowestOpenEpoch() {
        long min = epoch;
        for (RecordBatch o : open) {
            if (o != null) {
                min = Math.min(min, o.epoch[0]);
            }
        }
        return min;
    }

    /** Hands every open batch over, this thread's own (mutator thread 0, which runs them now) last. */
    private void handOverAll() {
        for (int t = open.length - 1; t >= 0; t--) {
            handOver(t);
        }
    }

    /** Hands everything over and waits until the first record not yet done is within the window. */
    private void awaitWindow() {
        handOverAll();
        while (true) {
            long first = Long.MAX_VALUE;
            for (MutatorThread t : threads) {
                first = Math.min(first, t.firstUndone());
            }
            windowLimit = first == Long.MAX_VALUE ? position + WINDOW : first + WINDOW;
            if (position < windowLimit) {
                return;
            }
            replay.checkNotAborted();
            handshake.enterSafeRegion();
            try {
                LockSupport.parkNanos(20_000);
            } finally {
                handshake.leaveSafeRegion();
            }
        }
    }

    private boolean isDone(long record) {
        return threads[DependencyTable.threadOf(record)].hasDone(DependencyTable.positionOf(record));
    }
}
