package org.jmmtk.bindings.replay;

import java.util.Arrays;
import org.jmmtk.core.plan.Mutator;

/**
 * Consecutive records of one mutator thread, in trace order, as parallel arrays: what the trace reader
 * hands a mutator thread in one piece. Besides its fields and the mutator context of its trace thread
 * (none for {@code G} and {@code C}), each record carries its position in the trace (its ordinal among
 * all records), its epoch (how many allocations and collection requests the trace made up to and
 * including it: the sequential replay's possible collection points) and the records of other mutator
 * threads it must wait for (up to three, encoded by {@link ParallelReplay#encode}; 0: none).
 *
 * <p>Filled by the reader thread, then read by its mutator thread and, while that thread is stopped,
 * by the collector; then given back to the reader to be filled again. The queue's lock orders both
 * hand-overs.
 */
final class RecordBatch {
    /** The capacity of a batch a {@link Dispatcher} fills: hand-overs between threads are per batch. */
    static final int CAPACITY = 4096;
    /**
     * The capacity of a batch a thread fills for itself ({@link StreamFiller}): small enough that what
     * it wrote is still in its cache when it runs the batch (4,096 records take some 280 KiB).
     */
    static final int OWN_CAPACITY = 512;
    static final byte ALLOC = 'A';
    static final byte WRITE = 'W';
    static final byte ROOT = 'R';
    static final byte GLOBAL = 'G';
    static final byte COLLECT = 'C';
    static final byte THREAD_END = 'X';

    final byte[] kind;
    /**
     * Per record, the index of its mutator context in {@link #contexts} (-1: none). A reference store
     * per record into a batch the JVM's collector has promoted costs a card-marking barrier with a
     * fence (G1); a trace thread runs many records in a row, so its context is stored once per run.
     */
    private final short[] context;
    private Mutator[] contexts = new Mutator[8];
    private int contextCount;
    /** A: the new object; W: the object stored into. */
    final long[] object;
    /** A: its bytes; W, R, G: the target (0: null). */
    final long[] value;
    /** A: its reference slots; W: the slot; R, G: the root slot; X: the trace thread. */
    final int[] slot;
    final int[] type;
    final long[] position;
    final long[] epoch;
    final long[] after;
    final int capacity;
    int size;

    /** A batch of {@link #CAPACITY} records. */
    RecordBatch() {
        this(CAPACITY);
    }

    RecordBatch(int capacity) {
        this.capacity = capacity;
        this.kind = new byte[capacity];
        this.context = new short[capacity];
        this.object = new long[capacity];
        this.value = new long[capacity];
        this.slot = new int[capacity];
        this.type = new int[capacity];
        this.position = new long[capacity];
        this.epoch = new long[capacity];
        this.after = new long[3 * capacity];
    }

    /** Empties a batch given back by its mutator thread, to be filled again. */
    void clear() {
        size = 0;
        contextCount = 0;
    }

    /** The mutator context of record {@code i}, or null for {@code G} and {@code C}. */
    Mutator mutator(int i) {
        int c = context[i];
        return c < 0 ? null : contexts[c];
    }

    private short contextIndex(Mutator m) {
        if (m == null) {
            return -1;
        }
        if (contextCount > 0 && contexts[contextCount - 1] == m) {
            return (short) (contextCount - 1);
        }
        if (contextCount == contexts.length) {
            contexts = Arrays.copyOf(contexts, 2 * contextCount);
        }
        contexts[contextCount] = m;
        return (short) contextCount++;
    }

    boolean isFull() {
        return size == capacity;
    }

    /** Appends a record; returns its index. */
    int add(byte k, Mutator m, long obj, long val, int s, int ty, long pos, long ep) {
        int i = size++;
        kind[i] = k;
        context[i] = contextIndex(m);
        object[i] = obj;
        value[i] = val;
        slot[i] = s;
        type[i] = ty;
        position[i] = pos;
        epoch[i] = ep;
        after[3 * i] = 0;
        after[3 * i + 1] = 0;
        after[3 * i + 2] = 0;
        return i;
    }
}
