package org.jmmtk.bindings.replay;

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
    static final int CAPACITY = 4096;
    static final byte ALLOC = 'A';
    static final byte WRITE = 'W';
    static final byte ROOT = 'R';
    static final byte GLOBAL = 'G';
    static final byte COLLECT = 'C';

    final byte[] kind = new byte[CAPACITY];
    final Mutator[] mutator = new Mutator[CAPACITY];
    /** A: the new object; W: the object stored into. */
    final long[] object = new long[CAPACITY];
    /** A: its bytes; W, R, G: the target (0: null). */
    final long[] value = new long[CAPACITY];
    /** A: its reference slots; W: the slot; R, G: the root slot. */
    final int[] slot = new int[CAPACITY];
    final int[] type = new int[CAPACITY];
    final long[] position = new long[CAPACITY];
    final long[] epoch = new long[CAPACITY];
    final long[] after = new long[3 * CAPACITY];
    int size;

    /** Empties a batch given back by its mutator thread, to be filled again. */
    void clear() {
        size = 0;
    }

    boolean isFull() {
        return size == CAPACITY;
    }

    /** Appends a record; returns its index. */
    int add(byte k, Mutator m, long obj, long val, int s, int ty, long pos, long ep) {
        int i = size++;
        kind[i] = k;
        mutator[i] = m;
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
