package org.jmmtk.bindings.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads a trace in per-thread streams ({@link StreamTraceWriter}) and hands its records to a consumer in
 * trace order: each segment's chunks are read into memory, then merged by record number (each chunk
 * decoded by a {@link BinaryRecordDecoder} of its own). Checks the layout (segments in order, every
 * record number of a segment in exactly one chunk, chunks used up) and the end record as the binary
 * reader does. Errors name the file and the record number ({@code file: record N}), or the byte offset
 * of a damaged segment. Used by one thread.
 */
final class StreamTraceReader extends FileTraceSource {
    /** The longest chunk accepted (a writer's are a little over {@link StreamTraceWriter#SEGMENT_BYTES}). */
    private static final int MAX_CHUNK_BYTES = 1 << 28;

    private ByteInput in;
    private long itemStart;
    /** The record being decoded, for messages (0 outside records). */
    private long record;
    private long records;
    private long objects;
    private long bytesAllocated;

    StreamTraceReader(Path file) throws IOException {
        super(file);
    }

    @Override
    protected void read(InputStream input, TraceEvents out) throws IOException {
        in = new ByteInput(input, true);
        itemStart = 0;
        record = 0;
        records = 0;
        objects = 0;
        bytesAllocated = 0;
        for (byte m : TraceFormat.STREAMS_MAGIC) {
            if (next() != m) {
                throw error("not a per-thread stream trace (bad magic)");
            }
        }
        int v = next();
        if (v != TraceFormat.VERSION) {
            throw error("unsupported trace version " + v + " (per-thread streams are version 2)");
        }
        version = v;
        for (;;) {
            itemStart = in.consumed();
            in.pin();
            int kind = in.next();
            if (kind < 0) {
                atEnd = true;
                throw new TraceException(file.toString(), "truncated: no end record after record " + records
                        + " (the trace ends at byte " + itemStart + ")");
            }
            if (kind == EndRecord.LETTER) {
                end();
                return;
            }
            if (kind != StreamTraceWriter.SEGMENT) {
                throw error(String.format("expected a segment ('S') or the end record, found 0x%02x", kind));
            }
            segment(out);
        }
    }

    /** Reads one segment's chunks, then hands its records over in order. */
    private void segment(TraceEvents out) throws IOException {
        long first = varint("segment's first record", Long.MAX_VALUE);
        if (first != records + 1) {
            throw error("segment starts at record " + first + ", expected " + (records + 1));
        }
        long count = varint("segment's record count", Integer.MAX_VALUE);
        int n = (int) varint("segment's chunk count", TraceFormat.MAX_THREADS + 1L);
        if (count == 0 || n == 0) {
            throw error("empty segment");
        }
        long[] pending = new long[n];
        int[] left = new int[n];
        ByteInput[] inputs = new ByteInput[n];
        BinaryRecordDecoder[] decoders = new BinaryRecordDecoder[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            varint("chunk's stream", TraceFormat.MAX_THREADS + 1L << 21);
            left[i] = (int) varint("chunk's record count", Integer.MAX_VALUE);
            byte[] bytes = new byte[(int) varint("chunk's length", MAX_CHUNK_BYTES)];
            if (in.read(bytes) < bytes.length) {
                throw error("truncated segment at end of file");
            }
            total += left[i];
            inputs[i] = new ByteInput(new ByteArrayInputStream(bytes));
            decoders[i] = new BinaryRecordDecoder(inputs[i], this::location);
            pending[i] = first - 1;
        }
        if (total != count) {
            throw error("segment of " + count + " records has chunks of " + total);
        }
        for (int i = 0; i < n; i++) {
            advance(i, pending, left, inputs[i]);
        }
        long last = first + count - 1;
        for (long r = first; r <= last; r++) {
            int c = chunkOf(r, pending);
            record = r;
            int kind = inputs[c].next();
            if (kind < 0) {
                throw error("truncated record at the end of its chunk");
            }
            try {
                decoders[c].dispatch((char) kind, out);
            } catch (TraceException e) {
                throw e.at(location());
            }
            left[c]--;
            advance(c, pending, left, inputs[c]);
        }
        record = 0;
        for (int i = 0; i < n; i++) {
            if (inputs[i].next() >= 0) {
                throw error("a chunk of the segment at record " + first + " has bytes after its last record");
            }
            objects += decoders[i].objects();
            bytesAllocated += decoders[i].bytesAllocated();
        }
        records = last;
    }

    /** Reads chunk {@code c}'s next record number into {@code pending}, or Long.MAX_VALUE when it has no more records. */
    private void advance(int c, long[] pending, int[] left, ByteInput chunk) throws IOException {
        if (left[c] == 0) {
            pending[c] = Long.MAX_VALUE;
            return;
        }
        long gap = 0;
        for (int shift = 0; ; shift += 7) {
            int b = chunk.next();
            if (b < 0 || shift > 56) {
                throw error("a chunk ends inside a record number");
            }
            gap |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        if (gap <= 0) {
            throw error("record numbers of a chunk must increase");
        }
        pending[c] += gap;
    }

    private int chunkOf(long r, long[] pending) {
        for (int c = 0; c < pending.length; c++) {
            if (pending[c] == r) {
                return c;
            }
        }
        record = r;
        throw error("the record is in no chunk of its segment");
    }

    /** Checks the end record against what was read, then that nothing follows it. */
    private void end() throws IOException {
        atEnd = true;
        BinaryEnd.check(in, records, objects, bytesAllocated, this::error);
        long first = itemStart;
        itemStart = in.consumed();
        BinaryEnd.nothingAfter(in, first, this::error);
    }

    @Override
    protected String position() {
        return record > 0 ? "record " + record : "byte " + itemStart;
    }

    private String location() {
        return file + ": " + position();
    }

    private TraceException error(String reason) {
        return new TraceException(location(), reason);
    }

    private long varint(String what, long max) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            int b = next();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                if (value > max) {
                    throw error(what + " " + value + " is out of range 0.." + max);
                }
                return value;
            }
        }
        throw error(what + " is not a valid varint");
    }

    private int next() throws IOException {
        int b = in.next();
        if (b < 0) {
            throw error("truncated segment at end of file");
        }
        return b;
    }
}
