package org.jmmtk.bindings.replay;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jmmtk.bindings.trace.DependencyTable;

/**
 * One mutator thread of a {@link ParallelReplay}: it executes, in trace order, the records of the
 * trace threads assigned to it (on a Java thread of its own, {@link #run}, or for mutator thread 0 on
 * the reader's, {@link #executeNow}), each through its own trace thread's mutator context (the reader
 * bound it and put it in the record) with the replay's {@link EventExecutor}. Before a record that
 * names another mutator thread's earlier record it waits until that thread has done it (in a safe
 * region, so it never holds up a collection); every {@link #YIELD_EVERY} records it polls for a
 * collection. It logs the objects it allocated and the references it overwrote, with their epochs:
 * the collector keeps those beyond the replay's cut alive ({@link ParallelReplay#stopAll}).
 *
 * <p>Its queue is filled by the reader thread, which takes finished batches back. {@link #done} is read by other mutator threads; the
 * head batch, {@link #index} and the log are read by the collector while this thread is stopped.
 */
final class MutatorThread implements Runnable {
    /** Records between yieldpoints (a power of two). */
    static final int YIELD_EVERY = 64;
    /** Finished batches kept for the reader to fill again. */
    private static final int SPARE = 8;
    /** How long a waiter for {@link #done} sleeps before it looks again, signalled or not. */
    private static final long RECHECK_NANOS = 100_000;
    private static final VarHandle DONE;

    static {
        try {
            DONE = MethodHandles.lookup().findVarHandle(MutatorThread.class, "done", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int ordinal;
    private final ParallelReplay replay;
    // Written for every record, by this thread: long-typed and padded so that another mutator thread's
    // fields (the JVM's collector may copy the threads' objects next to each other) never share their
    // cache lines (HotSpot lays out a class's long fields first, in declaration order).
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    /**
     * Position of the last record this thread completed. Stored with release semantics, without the
     * full fence of a volatile store on every record: a waiter may then miss the signal of the store it
     * waits for (the store can pass the read of {@link #waiters}), so waiters wake up now and then
     * and look again ({@link #awaitDone}).
     */
    private volatile long done;
    /** The next record to execute in the head batch. */
    private long index;
    /** The end of the log. */
    private long logEnd;
    private long records;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;
    private final EventExecutor executor;
    private final MutatorHandshake handshake;
    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when a batch arrives, the queue closes, or {@link #done} passes what a waiter waits for. */
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<RecordBatch> queue = new ArrayDeque<>();
    /** Batches this thread finished, for the reader to fill again (at most {@link #SPARE}). */
    private final ArrayDeque<RecordBatch> finished = new ArrayDeque<>();
    private boolean closed;
    /** Non-null when this thread reads its own records (a per-thread stream trace). */
    private StreamFiller filler;
    /**
     * With a filler: lower bounds on the position and epoch of its records not in its queue yet. Its
     * records not done are all in the batch it fills or runs, so {@link #openEpoch} also bounds theirs;
     * other threads read it to trim their logs ({@link #trimLog}).
     */
    private long openPosition = Long.MAX_VALUE;
    private volatile long openEpoch = Long.MAX_VALUE;
    private volatile int waiters;
    /**
     * The record at which this thread last waited for another's: while it waits, its first record not
     * done, which {@link #firstUndone} must not report lower (a thread that runs ahead waits for the
     * others' first records, and may be the one this thread waits for).
     */
    private volatile long waitingAt;
    private long[] logEpochs = new long[1024];
    private long[] logAddresses = new long[1024];
    private int logStart;
    /** The first cut-root word that holds this thread's log during a collection. */
    private int heldFrom;
    private long waits;
    private long waitNanos;

    MutatorThread(int ordinal, ParallelReplay replay, EventExecutor executor, MutatorHandshake handshake) {
        this.ordinal = ordinal;
        this.replay = replay;
        this.executor = executor;
        this.handshake = handshake;
    }

    /** Makes this thread read its own records with {@code filler} instead of being handed them (before it runs). */
    void readOwnRecords(StreamFiller filler) {
        this.filler = filler;
        // until it has read its first record, every record may still be its own
        this.openPosition = 0;
        this.openEpoch = 0;
    }

    @Override
    public void run() {
        try {
            if (filler != null) {
                runOwnRecords();
            } else {
                for (RecordBatch b = nextBatch(); b != null; b = nextBatch()) {
                    executeHead(b);
                }
            }
        } catch (Throwable t) {
            replay.fail(t, this);
        } finally {
            handshake.exit();
        }
    }

    /** Fills batches with its filler and runs them; at the end, counts as having done every record. */
    private void runOwnRecords() throws java.io.IOException {
        RecordBatch b = new RecordBatch(RecordBatch.OWN_CAPACITY);
        while (filler.fill(b, this)) {
            trimLog();
            RecordBatch spare = enqueue(b);
            index = 0;
            executeHead(b);
            b = spare != null ? spare : finishedOrNew();
        }
        done = Long.MAX_VALUE;
        signal();
    }

    private RecordBatch finishedOrNew() {
        lock.lock();
        try {
            RecordBatch b = finished.pollFirst();
            return b != null ? b : new RecordBatch(RecordBatch.OWN_CAPACITY);
        } finally {
            lock.unlock();
        }
    }

    /**
     * A thread that reads its own records: the first one not yet in a batch is at {@code position},
     * of epoch {@code epoch} (both {@code Long.MAX_VALUE}: there are no more).
     */
    void open(long position, long epoch) {
        lock.lock();
        try {
            openPosition = position;
            openEpoch = epoch;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Executes {@code b} on the calling thread, the reader (mutator thread 0 has no Java thread of its
     * own); returns a finished batch to fill again, or null. A failure aborts the replay.
     */
    RecordBatch executeNow(RecordBatch b) {
        RecordBatch spare = enqueue(b);
        index = 0;
        try {
            executeHead(b);
        } catch (ParallelReplay.Aborted e) {
            throw e;
        } catch (Throwable t) {
            replay.fail(t, this);
            throw new ParallelReplay.Aborted();
        }
        return spare;
    }

    /** Executes the head batch {@code b} from {@link #index} on, then drops it from the queue. */
    private void executeHead(RecordBatch b) {
        for (int n = b.size; index < n; index++) {
            int i = (int) index;
            if ((++records & (YIELD_EVERY - 1)) == 0) {
                handshake.yieldpoint();
                replay.checkNotAborted();
            }
            execute(b, i);
            DONE.setRelease(this, b.position[i]);
            if (waiters != 0) {
                signal();
            }
        }
        removeHead();
    }

    private void execute(RecordBatch b, int i) {
        int a = 3 * i;
        for (int k = 0; k < 3 && b.after[a + k] != 0; k++) {
            awaitRecord(b.after[a + k], b.position[i]);
        }
        switch (b.kind[i]) {
            case RecordBatch.ALLOC -> log(b.epoch[i],
                    executor.alloc(b.mutator(i), b.object[i], b.value[i], b.slot[i], b.type[i]));
            case RecordBatch.WRITE -> log(b.epoch[i], executor.write(b.mutator(i), b.object[i], b.slot[i], b.value[i]));
            case RecordBatch.ROOT -> log(b.epoch[i], executor.root(b.mutator(i), b.slot[i], b.value[i]));
            case RecordBatch.GLOBAL -> log(b.epoch[i], executor.global(b.slot[i], b.value[i]));
            case RecordBatch.COLLECT -> executor.collect();
            case RecordBatch.THREAD_END -> executor.threadEnd(b.slot[i], b.mutator(i));
            default -> throw new IllegalStateException("record kind " + b.kind[i]);
        }
    }

    /** The position of the record being executed (for error messages). */
    long currentPosition() {
        lock.lock();
        try {
            RecordBatch head = queue.peekFirst();
            return head == null || index >= head.size ? -1 : head.position[(int) index];
        } finally {
            lock.unlock();
        }
    }

    /** Waits, before its record at {@code at}, until the record {@code encoded} names has been done by its thread. */
    private void awaitRecord(long encoded, long at) {
        MutatorThread other = replay.thread(DependencyTable.threadOf(encoded));
        long position = DependencyTable.positionOf(encoded);
        if (other.done >= position) {
            return;
        }
        waits++;
        waitingAt = at;
        long since = System.nanoTime();
        handshake.enterSafeRegion();
        try {
            other.awaitDone(position);
        } finally {
            handshake.leaveSafeRegion();
            waitNanos += System.nanoTime() - since;
        }
        replay.checkNotAborted();
    }

    /** Blocks until this thread has done the record at {@code position}, or the replay was aborted. */
    private void awaitDone(long position) {
        for (int spin = 0; spin < 64; spin++) {
            if (done >= position) {
                return;
            }
            Thread.onSpinWait();
        }
        boolean interrupted = false;
        lock.lock();
        try {
            waiters++;
            while (done < position && !replay.isAborted()) {
                try {
                    changed.awaitNanos(RECHECK_NANOS);
                } catch (InterruptedException e) {
                    // waits as awaitUninterruptibly would, and keeps the interrupt for the caller
                    interrupted = true;
                }
            }
            waiters--;
        } finally {
            lock.unlock();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void signal() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether this thread has done the record at {@code position} (one of its own). */
    boolean hasDone(long position) {
        return done >= position;
    }

    // ---- the queue (reader side and collector side) ----

    /** The head batch, waiting for one in a safe region if there is none; null once the queue is closed and empty. */
    private RecordBatch nextBatch() {
        lock.lock();
        try {
            if (queue.isEmpty() && !closed) {
                lock.unlock();
                handshake.enterSafeRegion();
                lock.lock();
                try {
                    while (queue.isEmpty() && !closed && !replay.isAborted()) {
                        changed.awaitUninterruptibly();
                    }
                } finally {
                    lock.unlock();
                    handshake.leaveSafeRegion();
                    lock.lock();
                }
            }
            replay.checkNotAborted();
            index = 0;
            return queue.peekFirst();
        } finally {
            lock.unlock();
        }
    }

    private void removeHead() {
        lock.lock();
        try {
            RecordBatch b = queue.pollFirst();
            if (finished.size() < SPARE) {
                finished.addLast(b);
            }
            index = 0;
        } finally {
            lock.unlock();
        }
    }

    /** Hands this thread a batch (reader thread); returns a batch it finished, to fill again, or null. */
    RecordBatch enqueue(RecordBatch b) {
        lock.lock();
        try {
            queue.addLast(b);
            changed.signalAll();
            return finished.pollFirst();
        } finally {
            lock.unlock();
        }
    }

    /** No more batches will come (reader thread), or the replay was aborted. */
    void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * A lower bound on the position of the first record this thread has not done, or
     * {@code Long.MAX_VALUE} if it has done all it was given (or, reading its own, all it has); exact
     * while the thread is stopped.
     */
    long firstUndone() {
        lock.lock();
        try {
            RecordBatch head = queue.peekFirst();
            return head == null ? openPosition : Math.max(Math.max(head.position[0], done + 1), waitingAt);
        } finally {
            lock.unlock();
        }
    }

    /** The epoch of the first record this thread has not done ({@code Long.MAX_VALUE}: none); call while it is stopped. */
    long firstUndoneEpoch() {
        lock.lock();
        try {
            for (RecordBatch b : queue) {
                int i = b == queue.peekFirst() ? (int) index : 0;
                if (i < b.size) {
                    return b.epoch[i];
                }
            }
            return openEpoch;
        } finally {
            lock.unlock();
        }
    }

    // ---- the log of objects the cut may still need ----

    /**
     * Logs the object at {@code address} (0: none) with the epoch of the record that allocated it or
     * overwrote a reference to it. Addresses, not ids: finding an overwritten object's id would read
     * its header, a cache miss on most stores. An entry stays valid until the next collection, which
     * holds it in the cut roots if it is still needed ({@link #holdBeyond}); the collection updates those
     * words if it moves the object, and {@link #refreshLog} copies them back.
     */
    private void log(long epoch, long address) {
        if (address == 0) {
            return;
        }
        if (logEnd == logAddresses.length) {
            compactLog();
        }
        int end = (int) logEnd;
        logEpochs[end] = epoch;
        logAddresses[end] = address;
        logEnd = end + 1;
    }

    /**
     * Drops the log's entries no collection can need any more, a thread reading its own records (every
     * thread then does): those before the least {@link #openEpoch} of all threads, which the cut of any
     * later collection is at least, since each thread's records not done are at or beyond its own and it
     * only grows. The log then holds about a window's records instead of every allocation and
     * overwritten reference since the last collection (on {@code search} at scale 3 in 32 MiB, 4.2
     * million records and 4 collections, hundreds of thousands of entries per thread, 16 bytes each),
     * so it stays in the cache. Called between batches.
     */
    private void trimLog() {
        long bound = Long.MAX_VALUE;
        for (int t = 0; t < replay.threads(); t++) {
            bound = Math.min(bound, replay.thread(t).openEpoch);
        }
        int start = logStart;
        int end = (int) logEnd;
        while (start < end && logEpochs[start] < bound) {
            start++;
        }
        logStart = start;
    }

    private void compactLog() {
        int n = (int) logEnd - logStart;
        if (n > logAddresses.length / 2) {
            logAddresses = java.util.Arrays.copyOf(logAddresses, logAddresses.length * 2);
            logEpochs = java.util.Arrays.copyOf(logEpochs, logEpochs.length * 2);
        }
        System.arraycopy(logAddresses, logStart, logAddresses, 0, n);
        System.arraycopy(logEpochs, logStart, logEpochs, 0, n);
        logStart = 0;
        logEnd = n;
    }

    /**
     * Forgets the log's entries before epoch {@code cut} and holds the others in {@code roots}, in
     * order from its word {@link #heldFrom}; call while this thread is stopped.
     */
    void holdBeyond(long cut, CutRoots roots) {
        while (logStart < logEnd && logEpochs[logStart] < cut) {
            logStart++;
        }
        heldFrom = roots.count();
        for (int i = logStart; i < logEnd; i++) {
            roots.add(logAddresses[i]);
        }
    }

    /** After the collection that {@link #holdBeyond} prepared: the held objects' addresses now. */
    void refreshLog(CutRoots roots) {
        for (int i = logStart; i < logEnd; i++) {
            logAddresses[i] = roots.get(heldFrom + i - logStart);
        }
    }

    long records() {
        return records;
    }

    long waits() {
        return waits;
    }

    /** Wall time spent waiting for other threads' records, and with a filler for the window. */
    long waitNanos() {
        return waitNanos + (filler == null ? 0 : filler.windowWaitNanos());
    }

    long windowWaits() {
        return filler == null ? 0 : filler.windowWaits();
    }
}
