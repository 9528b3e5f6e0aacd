package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectRBTreeMap;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Writes trace events in the per-thread stream layout of format 2 (docs/trace-format.md): the magic
 * {@code JMTS} and the version byte, then segments, each holding one chunk per trace thread with that
 * thread's records of a run of consecutive record numbers, each record its binary encoding after a
 * header: the gap since its thread's previous record number, its epoch's gap, and the records of other
 * streams it must follow (worked out here, in trace order, with a {@link DependencyTable} at
 * trace-thread granularity that forgets nothing); then the binary end record. So a replay's mutator
 * threads can each decode their own records and wait where the trace says, and any reader can merge
 * them back into trace order. The records are checked as they come ({@link TraceChecker}): an
 * inconsistent trace is refused here, because such a replay cannot check them in order.
 * A thread-end record ({@code X}) goes in its thread's stream. Records without a thread ({@code T G D P C}) go with the thread of the record before them, as a
 * parallel replay runs them. Segments close when the chunks hold about {@link #SEGMENT_BYTES}, which bounds
 * what a reader holds. Gzipped when the file name ends in {@code .gz}. Used by one thread.
 */
public final class StreamTraceWriter implements TraceWriter {
    /** Bytes of records buffered before a segment is written. */
    static final int SEGMENT_BYTES = 1 << 20;

    private final TraceOutput out;
    private final int segmentBytes;
    /** The open chunks by stream (trace thread + 1; 0 before the first record with a thread), in stream order. */
    private final Int2ObjectRBTreeMap<Chunk> chunks = new Int2ObjectRBTreeMap<>();
    private int stream;
    private Chunk current;
    /** The ordinal of {@link #stream}: streams are numbered in the order of their first records. */
    private int ordinal;
    private final Int2IntOpenHashMap ordinals = new Int2IntOpenHashMap();
    private long sequence;
    /** Allocations and collection requests so far: the epoch of the record written last. */
    private long epoch;
    private long segmentFirst = 1;
    private long segmentEpoch;
    private long buffered;
    /** The records a stream may write only after (the writer's copy of a parallel replay's reader's table, kept whole). */
    private final DependencyTable order = new DependencyTable(Long.MAX_VALUE, 12, record -> false);
    private final long[] dependencies = new long[StreamChunk.MAX_DEPENDENCIES];
    /** The records must be consistent: the replay that decodes each stream on its own thread cannot check them in order. */
    private final TraceChecker checker = new TraceChecker(true);

    public StreamTraceWriter(Path file) throws IOException {
        this(TraceFormat.create(file));
    }

    public StreamTraceWriter(OutputStream out) throws IOException {
        this(out, SEGMENT_BYTES);
    }

    /** With segments closed at {@code segmentBytes} (tests make many small ones). */
    public StreamTraceWriter(OutputStream out, int segmentBytes) throws IOException {
        this.segmentBytes = segmentBytes;
        ordinals.defaultReturnValue(-1);
        this.out = new TraceOutput(out);
        this.out.put(TraceFormat.STREAMS_MAGIC);
        this.out.put(TraceFormat.VERSION);
    }

    @Override
    public void type(int typeId, String name) {
        out.record();
        BinaryRecords.type(header(begin(stream), 0), typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        checker.weakSlot(typeId, slot);
        out.record();
        BinaryRecords.weakSlot(header(begin(stream), 0), typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
        out.alloc(bytes);
        Chunk c = begin(thread + 1);
        epoch++;
        order.allocated(object, here());
        BinaryRecords.alloc(header(c, 0), thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        checker.write(thread, source, slot, target);
        out.record();
        Chunk c = begin(thread + 1);
        int n = follow(0, order.allocation(source));
        n = follow(n, target == 0 ? 0 : order.allocation(target));
        n = follow(n, order.store(source, slot, here()));
        BinaryRecords.write(header(c, n), thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        checker.root(thread, rootSlot, target);
        out.record();
        Chunk c = begin(thread + 1);
        int n = follow(0, target == 0 ? 0 : order.allocation(target));
        BinaryRecords.root(header(c, n), thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        checker.global(rootSlot, target);
        out.record();
        Chunk c = begin(stream);
        int n = follow(0, target == 0 ? 0 : order.allocation(target));
        n = follow(n, order.storeGlobal(rootSlot, here()));
        BinaryRecords.global(header(c, n), rootSlot, target);
    }

    @Override
    public void death(long object) {
        checker.death(object);
        out.record();
        BinaryRecords.death(header(begin(stream), 0), object);
    }

    @Override
    public void perfectPoint() {
        out.record();
        header(begin(stream), 0).put('P');
    }

    @Override
    public void collect() {
        out.record();
        Chunk c = begin(stream);
        epoch++;
        header(c, 0).put('C');
    }

    /** In the thread's own stream, after its last record there (its root clears): it follows nothing of other streams. */
    @Override
    public void threadEnd(int thread) {
        checker.threadEnd(thread);
        out.record();
        BinaryRecords.threadEnd(header(begin(thread + 1), 0), thread);
    }

    /** The chunk of stream {@code s}, for the next record; closes a full segment first. */
    private Chunk begin(int s) {
        if (buffered >= segmentBytes) {
            flushSegment();
        }
        if (s != stream || current == null) {
            stream = s;
            current = chunks.get(s);
            if (current == null) {
                current = new Chunk(segmentFirst - 1, segmentEpoch);
                chunks.put(s, current);
            }
            ordinal = ordinals.get(s);
            if (ordinal < 0) {
                ordinal = ordinals.size();
                ordinals.put(s, ordinal);
            }
        }
        sequence++;
        return current;
    }

    /** The record being written, as the dependency table keeps it: its number and its stream's ordinal. */
    private long here() {
        return DependencyTable.encode(sequence, ordinal);
    }

    /** Adds {@code record} to the current record's dependencies unless it is none or of the same stream. */
    private int follow(int n, long record) {
        if (record == 0 || DependencyTable.threadOf(record) == ordinal) {
            return n;
        }
        dependencies[n] = record;
        return n + 1;
    }

    /** Writes the current record's header into {@code c}: its number's gap, its epoch's, its {@code n} dependencies. */
    private Chunk header(Chunk c, int n) {
        int before = c.length;
        BinaryRecords.varint(c, sequence - c.last);
        BinaryRecords.varint(c, (epoch - c.epoch) << 2 | n);
        for (int i = 0; i < n; i++) {
            BinaryRecords.varint(c, sequence - DependencyTable.positionOf(dependencies[i]));
            BinaryRecords.varint(c, DependencyTable.threadOf(dependencies[i]));
        }
        c.last = sequence;
        c.epoch = epoch;
        c.records++;
        buffered += c.length - before + 8;
        return c;
    }

    /** Writes the open chunks as one segment: its first record number, its records, its chunks. */
    private void flushSegment() {
        if (chunks.isEmpty()) {
            return;
        }
        out.put(SEGMENT);
        BinaryRecords.varint(out, segmentFirst);
        BinaryRecords.varint(out, sequence - segmentFirst + 1);
        BinaryRecords.varint(out, segmentEpoch);
        BinaryRecords.varint(out, chunks.size());
        for (Int2ObjectMap.Entry<Chunk> e : chunks.int2ObjectEntrySet()) {
            Chunk c = e.getValue();
            BinaryRecords.varint(out, e.getIntKey());
            BinaryRecords.varint(out, c.records);
            BinaryRecords.varint(out, c.length);
            for (int i = 0; i < c.length; i++) {
                out.put(c.bytes[i]);
            }
        }
        chunks.clear();
        current = null;
        segmentFirst = sequence + 1;
        segmentEpoch = epoch;
        buffered = 0;
    }

    /** Writes the last segment and the end record and closes the file (once; closing again does nothing). */
    @Override
    public void close() throws IOException {
        flushSegment();
        out.finish(true);
    }

    /** The letter that starts a segment. */
    static final int SEGMENT = 'S';

    /** One thread's records of the open segment. */
    private static final class Chunk implements ByteSink {
        byte[] bytes = new byte[256];
        int length;
        int records;
        /** The number of the last record in it (the segment's first minus one when it is empty). */
        long last;
        /** That record's epoch (the segment's first epoch when it is empty). */
        long epoch;

        Chunk(long last, long epoch) {
            this.last = last;
            this.epoch = epoch;
        }

        @Override
        public void put(int b) {
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, 2 * length);
            }
            bytes[length++] = (byte) b;
        }
    }
}
