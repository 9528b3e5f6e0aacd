package org.jmmtk.bindings.replay;

import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import org.jmmtk.bindings.trace.DependencyTable;
import org.jmmtk.bindings.trace.StreamCursor;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.core.objectmodel.WeakSlots;

/**
 * The reader of one mutator thread of a parallel replay of a per-thread stream trace: it decodes the
 * records of that thread's streams itself (a {@link StreamCursor} of its own) into the batches the
 * thread then runs, in place of the one {@link Dispatcher} that reads every record of other traces.
 * What the dispatcher works out as it reads, the trace's writer stored in each record: its epoch and
 * the records of other trace threads it must follow (an object's allocation, the previous store into
 * the same slot); a record of a trace thread run by this same mutator thread is done in order anyway,
 * so only the others become waits. It keeps its thread within a window of records of the first
 * record not yet done by any mutator thread (waiting in a safe region; {@link #window}): that bounds how far beyond the
 * collector's cut the threads' logs reach, so how much more than the sequential replay a collection
 * keeps. (With a dispatcher, the reader runs mutator thread 0's records as it reads, so the threads
 * keep close together by themselves; threads that read their own records do not.) {@code T D P}
 * records are skipped (ignored events), as the dispatcher skips them; a {@code K} record marks its weak
 * slot in the plan's table, as the dispatcher does.
 *
 * <p>Used by its mutator thread only.
 */
final class StreamFiller extends IgnoringEvents {
    /** The least a thread may run ahead of the first record not yet done (in trace records). */
    static final long WINDOW = 1 << 12;
    /** The most, as the dispatcher's window. */
    static final long MAX_WINDOW = Dispatcher.WINDOW;
    /**
     * The share of the heap the records in a window may allocate: what a collection can keep beyond
     * the sequential replay's live set is about what they allocated.
     */
    static final int HEAP_SHARE = 32;

    private final ParallelReplay replay;
    private final StreamOwners owners;
    private final StreamCursor cursor;
    private final int self;
    private final WeakSlots weakSlots;
    private boolean started;
    private boolean more;
    private RecordBatch batch;
    private long windowWaits;
    private long windowWaitNanos;
    private final long heapBytes;
    /** Records this filler decoded, and the bytes their allocations asked for. */
    private long decodedRecords;
    private long decodedBytes;

    StreamFiller(ParallelReplay replay, StreamOwners owners, StreamCursor cursor, int self, long heapBytes,
                 WeakSlots weakSlots) {
        this.weakSlots = weakSlots;
        this.heapBytes = heapBytes;
        this.replay = replay;
        this.owners = owners;
        this.cursor = cursor;
        this.self = self;
    }

    /**
     * Fills {@code b} with the thread's next records, after waiting for the window; false (and
     * {@code b} left alone) when there are none.
     */
    boolean fill(RecordBatch b, MutatorThread thread) throws IOException {
        if (!started) {
            started = true;
            more = cursor.advance();
        }
        if (!more) {
            thread.open(Long.MAX_VALUE, Long.MAX_VALUE);
            return false;
        }
        thread.open(cursor.record(), cursor.epoch());
        long limit = awaitWindow(cursor.record());
        b.clear();
        batch = b;
        // a local, not the field, for every record: the field may share a cache line with another thread's
        boolean next = true;
        int start = b.size;
        while (next && !b.isFull() && cursor.record() <= limit) {
            cursor.decode(this);
            next = cursor.advance();
        }
        decodedRecords += b.size - start;
        more = next;
        return true;
    }

    /** Objects the thread's cursor decoded, for the end record. */
    long objects() {
        return cursor.objects();
    }

    long bytesAllocated() {
        return cursor.bytesAllocated();
    }

    /** Batches that waited for the window. */
    long windowWaits() {
        return windowWaits;
    }

    long windowWaitNanos() {
        return windowWaitNanos;
    }

    /**
     * How far this thread may run ahead: as many records as allocate 1/{@link #HEAP_SHARE} of the heap
     * at the rate of the records it decoded so far, between {@link #WINDOW} and {@link #MAX_WINDOW}. A
     * wider window lets a thread that was held up (descheduled, in a slow path) catch up without
     * stopping the others; the narrow one bounds what a collection keeps on a small heap.
     */
    long window() {
        if (decodedBytes == 0) {
            return WINDOW;
        }
        double bytesPerRecord = (double) decodedBytes / decodedRecords;
        double records = heapBytes / HEAP_SHARE / bytesPerRecord;
        return (long) Math.max(WINDOW, Math.min(MAX_WINDOW, records));
    }

    /** Waits until {@code position} is within the window of the first record not yet done; returns the window's end. */
    private long awaitWindow(long position) {
        long window = window();
        long since = 0;
        while (true) {
            long first = Long.MAX_VALUE;
            for (int t = 0; t < replay.threads(); t++) {
                first = Math.min(first, replay.thread(t).firstUndone());
            }
            long limit = first > Long.MAX_VALUE - window ? Long.MAX_VALUE : first + window;
            if (position <= limit) {
                if (since != 0) {
                    windowWaitNanos += System.nanoTime() - since;
                }
                return limit;
            }
            if (since == 0) {
                windowWaits++;
                since = System.nanoTime();
            }
            replay.checkNotAborted();
            replay.handshake().enterSafeRegion();
            try {
                LockSupport.parkNanos(20_000);
            } finally {
                replay.handshake().leaveSafeRegion();
            }
        }
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        ownThread(thread);
        decodedBytes += bytes;
        batch.add(RecordBatch.ALLOC, owners.mutator(cursor.ordinal()), object, bytes, refSlots, typeId,
                cursor.record(), cursor.epoch());
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        ownThread(thread);
        after(batch.add(RecordBatch.WRITE, owners.mutator(cursor.ordinal()), source, target, slot, 0,
                cursor.record(), cursor.epoch()));
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        ownThread(thread);
        after(batch.add(RecordBatch.ROOT, owners.mutator(cursor.ordinal()), 0, target, rootSlot, 0,
                cursor.record(), cursor.epoch()));
    }

    @Override
    public void threadEnd(int thread) {
        ownThread(thread);
        batch.add(RecordBatch.THREAD_END, owners.mutator(cursor.ordinal()), 0, 0, thread, 0, cursor.record(), cursor.epoch());
    }

    @Override
    public void global(int rootSlot, long target) {
        after(batch.add(RecordBatch.GLOBAL, null, 0, target, rootSlot, 0, cursor.record(), cursor.epoch()));
    }

    @Override
    public void collect() {
        batch.add(RecordBatch.COLLECT, null, 0, 0, 0, 0, cursor.record(), cursor.epoch());
    }

    /** A record with a thread must be in that thread's stream: its mutator is the stream's. */
    private void ownThread(int thread) {
        if (thread + 1 != cursor.stream()) {
            throw new TraceException("a record of thread " + thread + " in the stream of "
                    + (cursor.stream() == 0 ? "no thread" : "thread " + (cursor.stream() - 1)));
        }
    }

    /** Notes the records of other mutator threads that record {@code i} of the batch must follow. */
    private void after(int i) {
        int k = 3 * i;
        for (int d = 0; d < cursor.dependencies(); d++) {
            int t = owners.owner(cursor.dependencyStream(d));
            if (t < 0) {
                throw new TraceException("a record follows one of stream " + cursor.dependencyStream(d)
                        + ", which has not appeared yet");
            }
            if (t != self) {
                batch.after[k++] = DependencyTable.encode(cursor.dependencyRecord(d), t);
            }
        }
    }

    /** {@code K}: the plan's collections treat the slot as weak from now on (the dispatcher does the same). */
    @Override
    public void weakSlot(int typeId, int slot) {
        weakSlots.mark(typeId, slot);
    }
}
