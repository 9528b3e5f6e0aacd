package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectRBTreeMap;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Writes trace events in the per-thread stream layout of format 2 (docs/trace-format.md): the magic
 * {@code JMTS} and the version byte, then segments, each holding one chunk per trace thread with that
 * thread's records of a run of consecutive record numbers, each record its binary encoding after the
 * gap since its thread's previous record number; then the binary end record. So a replay's mutator
 * threads can each decode their own records, and any reader can merge them back into trace order.
 * Records without a thread ({@code T G D P C}) go with the thread of the record before them, as a
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
    private long sequence;
    private long segmentFirst = 1;
    private long buffered;

    public StreamTraceWriter(Path file) throws IOException {
        this(TraceFormat.create(file));
    }

    public StreamTraceWriter(OutputStream out) throws IOException {
        this(out, SEGMENT_BYTES);
    }

    /** With segments closed at {@code segmentBytes} (tests make many small ones). */
    StreamTraceWriter(OutputStream out, int segmentBytes) throws IOException {
        this.segmentBytes = segmentBytes;
        this.out = new TraceOutput(out);
        this.out.put(TraceFormat.STREAMS_MAGIC);
        this.out.put(TraceFormat.VERSION);
    }

    @Override
    public void type(int typeId, String name) {
        out.record();
        BinaryRecords.type(next(stream), typeId, name);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        out.alloc(bytes);
        BinaryRecords.alloc(next(thread + 1), thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        out.record();
        BinaryRecords.write(next(thread + 1), thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        out.record();
        BinaryRecords.root(next(thread + 1), thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        out.record();
        BinaryRecords.global(next(stream), rootSlot, target);
    }

    @Override
    public void death(long object) {
        out.record();
        BinaryRecords.death(next(stream), object);
    }

    @Override
    public void perfectPoint() {
        out.record();
        next(stream).put('P');
    }

    @Override
    public void collect() {
        out.record();
        next(stream).put('C');
    }

    /** The chunk of stream {@code s}, with the next record's number gap written; closes a full segment first. */
    private Chunk next(int s) {
        if (buffered >= segmentBytes) {
            flushSegment();
        }
        if (s != stream || current == null) {
            stream = s;
            current = chunks.get(s);
            if (current == null) {
                current = new Chunk(segmentFirst - 1);
                chunks.put(s, current);
            }
        }
        sequence++;
        Chunk c = current;
        int before = c.length;
        BinaryRecords.varint(c, sequence - c.last);
        c.last = sequence;
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

        Chunk(long last) {
            this.last = last;
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
