package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.util.function.IntPredicate;

/**
 * One consumer's way through a per-thread stream trace: the records of the streams it takes, in
 * trace order, each decoded from its own chunk (segment after segment of {@link StreamSegments},
 * merging its chunks by record number). A parallel replay gives each mutator thread one, taking the
 * streams of its trace threads; a cursor that takes every stream reads the whole trace and checks
 * that every record number is in a chunk. {@link #advance} moves to the next record and reads its
 * header ({@link #record}, {@link #epoch}, the records it follows), {@link #decode} then hands its
 * body to a consumer, once. Used by one thread.
 */
public final class StreamCursor {
    private final StreamSegments segments;
    private final IntPredicate takes;
    private final boolean all;
    private StreamChunk[] chunks = new StreamChunk[0];
    private int open;
    private int segment = -1;
    private StreamChunk current;
    /**
     * The first record of the open chunks other than the current one: they do not move while the
     * current chunk is read, so it stays current, without a look at the others, until its records
     * pass this one (a trace thread runs many records in a row).
     */
    private long otherFirst = Long.MAX_VALUE;
    // written for every record: long-typed and padded, since the cursors of a parallel replay's threads
    // are made together and may lie side by side (HotSpot lays out a class's long fields first, in
    // declaration order)
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    /** The current record's number (0 before the first). */
    private long previous;
    /** The last record decoded: the current one is decoded when it equals {@link #previous}. */
    private long decodedRecord;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;
    private long objects;
    private long bytesAllocated;

    /** A cursor over the streams whose ordinals {@code takes} accepts (asked when their first segment is reached). */
    public StreamCursor(StreamSegments segments, IntPredicate takes) {
        this(segments, takes, false);
    }

    private StreamCursor(StreamSegments segments, IntPredicate takes, boolean all) {
        this.segments = segments;
        this.takes = takes;
        this.all = all;
    }

    /** A cursor over every record of the trace. */
    static StreamCursor whole(StreamSegments segments) {
        return new StreamCursor(segments, o -> true, true);
    }

    /** Moves to the next record of this cursor's streams and reads its header; false after the last. */
    public boolean advance() throws IOException {
        if (decodedRecord != previous) {
            throw new IllegalStateException("advance before the record was decoded");
        }
        if (current != null) {
            if (!current.advance()) {
                close(current);
            } else if (current.record < otherFirst) {
                return take(current);
            }
        }
        while (true) {
            StreamChunk next = null;
            otherFirst = Long.MAX_VALUE;
            for (int i = 0; i < open; i++) {
                long r = chunks[i].record;
                if (next == null || r < next.record) {
                    if (next != null) {
                        otherFirst = next.record;
                    }
                    next = chunks[i];
                } else if (r < otherFirst) {
                    otherFirst = r;
                }
            }
            if (next != null) {
                return take(next);
            }
            current = null;
            if (segment >= 0) {
                segments.leave(segment);
            }
            StreamSegment s = segments.segment(++segment);
            if (s == null) {
                return false;
            }
            if (all && s.first != previous + 1) {
                throw new TraceException(segments.file() + ": record " + (previous + 1),
                        "the record is in no chunk of its segment");
            }
            if (chunks.length < s.streams.length) {
                chunks = new StreamChunk[s.streams.length];
            }
            open = 0;
            for (int i = 0; i < s.streams.length; i++) {
                if (takes.test(s.ordinals[i])) {
                    StreamChunk c = new StreamChunk(s, i, segments.file());
                    chunks[open++] = c;
                    if (!c.advance()) {
                        close(c);
                    }
                }
            }
        }
    }

    /** Makes {@code next}, whose record comes first among the open chunks, the current record. */
    private boolean take(StreamChunk next) {
        if (all ? next.record != previous + 1 : next.record <= previous) {
            throw new TraceException(segments.file() + ": record " + (previous + 1),
                    all ? "the record is in no chunk of its segment" : "the record is in two chunks");
        }
        if (current != next) {
            // a reference store costs a card-marking barrier (G1): only when the chunk changes
            current = next;
        }
        previous = next.record;
        return true;
    }

    /** Decodes the current record's body to {@code out}. */
    public void decode(TraceEvents out) throws IOException {
        decodedRecord = previous;
        current.decode(out);
    }

    /** Whether there is a current record. */
    boolean started() {
        return current != null;
    }

    /** The current record's number (from 1, in trace order). */
    public long record() {
        return current.record;
    }

    /** Its epoch: how many allocations and collection requests the trace made up to and including it. */
    public long epoch() {
        return current.epoch;
    }

    /** Its stream: its trace thread + 1 (0 for records before the first record with a thread). */
    public int stream() {
        return current.stream;
    }

    /** The ordinal of its stream (streams numbered in the order of their first records). */
    public int ordinal() {
        return current.ordinal;
    }

    /** How many records of other streams it must follow (0 to 3). */
    public int dependencies() {
        return current.dependencies;
    }

    /** The number of the {@code i}-th record it follows. */
    public long dependencyRecord(int i) {
        return current.dependencyPosition[i];
    }

    /** The ordinal of that record's stream. */
    public int dependencyStream(int i) {
        return current.dependencyOrdinal[i];
    }

    /** Allocations in the chunks this cursor used up. */
    public long objects() {
        return objects;
    }

    /** Their bytes. */
    public long bytesAllocated() {
        return bytesAllocated;
    }

    private void close(StreamChunk c) {
        objects += c.objects();
        bytesAllocated += c.bytesAllocated();
        for (int i = 0; i < open; i++) {
            if (chunks[i] == c) {
                chunks[i] = chunks[--open];
                chunks[open] = null;
                return;
            }
        }
    }
}
