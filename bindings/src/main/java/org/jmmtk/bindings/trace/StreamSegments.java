package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The segments of a per-thread stream trace ({@link StreamTraceWriter}), read in order from its file
 * and kept until every one of its consumers ({@link StreamCursor}s) has left them: the bytes of each
 * chunk, undecoded, with its stream's <i>ordinal</i> (streams numbered in the order of their first
 * records, as the writer numbers them in its dependencies). Checks the segment headers (each starts
 * where the previous one ended, chunk counts add up) and, at the end, the end record: its checksum as
 * it is read, its counts once the consumers have decoded everything ({@link #checkEnd}). A listener
 * hears of each stream when the segment holding its first record is read, in that order. Errors name
 * the file and the byte of the segment ({@code file: byte N}).
 *
 * <p>Thread-safe: the consumers, one per mutator thread of a parallel replay, each read the segments
 * they need through {@link #segment}; whichever asks first for a segment not yet read reads it (and
 * calls the listener) while holding this object's lock.
 */
public final class StreamSegments {
    /** Hears of each stream of the trace, in the order of their first records. */
    @FunctionalInterface
    public interface Listener {
        /** Stream {@code stream} (trace thread + 1; 0: records before the first with a thread) is number {@code ordinal}. */
        void appeared(int ordinal, int stream);
    }

    /** The longest chunk accepted (a writer's are a little over {@link StreamTraceWriter#SEGMENT_BYTES}). */
    private static final int MAX_CHUNK_BYTES = 1 << 28;
    /** The most streams: every thread a trace may have, and stream 0. */
    static final int MAX_STREAMS = TraceFormat.MAX_THREADS + 1;

    private final String file;
    private final InputStream stream;
    private final ByteInput in;
    private final int consumers;
    private final Listener listener;
    private final Int2IntOpenHashMap ordinals = new Int2IntOpenHashMap();
    /** Segments read and not yet left by every consumer (null once they are), by segment number. */
    private final List<StreamSegment> segments = new ArrayList<>();
    /** Per segment read, how many consumers have left it. */
    private int[] left = new int[16];
    private long itemStart;
    private long records;
    private long epoch;
    private EndRecord end;
    private int checksum;

    /**
     * Reads the header of the trace {@code in} (the file's uncompressed bytes, named {@code file} in
     * messages) for {@code consumers} consumers.
     */
    StreamSegments(InputStream in, String file, int consumers, Listener listener) throws IOException {
        this.file = file;
        this.stream = in;
        this.in = new ByteInput(in, true);
        this.consumers = consumers;
        this.listener = listener;
        ordinals.defaultReturnValue(-1);
        for (byte m : TraceFormat.STREAMS_MAGIC) {
            if (next() != m) {
                throw error("not a per-thread stream trace (bad magic)");
            }
        }
        int v = next();
        if (v != TraceFormat.VERSION) {
            throw error("unsupported trace version " + v + " (per-thread streams are version 2)");
        }
    }

    /**
     * The segments of {@code source} for {@code consumers} consumers, if it is a per-thread stream trace
     * file; null for any other source. The caller closes them.
     */
    public static StreamSegments open(TraceSource source, int consumers, Listener listener) throws IOException {
        if (!(source instanceof StreamTraceReader reader)) {
            return null;
        }
        InputStream in = TraceFormat.decompressed(reader.file);
        try {
            return new StreamSegments(in, reader.file.toString(), consumers, listener);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** The file, for messages. */
    public String file() {
        return file;
    }

    /** Segment {@code k} (from 0), read now if it is the next one; null past the last segment. */
    synchronized StreamSegment segment(int k) throws IOException {
        while (k >= segments.size() && end == null) {
            readSegment();
        }
        return k < segments.size() ? segments.get(k) : null;
    }

    /** One consumer is done with segment {@code k}: once all are, its bytes are dropped. */
    synchronized void leave(int k) {
        if (++left[k] == consumers) {
            segments.set(k, null);
        }
    }

    /**
     * Checks the end record against what the consumers decoded: {@code objects} allocations of
     * {@code bytesAllocated} bytes in all (every segment must have been read).
     */
    public synchronized void checkEnd(long objects, long bytesAllocated) {
        if (end == null) {
            throw new IllegalStateException("the end record was not reached");
        }
        BinaryEnd.compare(end, new EndRecord(records, objects, bytesAllocated, checksum), this::error);
    }

    /** Closes the file. */
    public void close() throws IOException {
        stream.close();
    }

    private void readSegment() throws IOException {
        itemStart = in.consumed();
        in.pin();
        int kind = in.next();
        if (kind < 0) {
            throw new TraceException(file, "truncated: no end record after record " + records
                    + " (the trace ends at byte " + itemStart + ")");
        }
        if (kind == EndRecord.LETTER) {
            checksum = in.checksumBeforePin();
            end = BinaryEnd.read(in, this::error);
            BinaryEnd.nothingAfter(in, itemStart, this::error);
            return;
        }
        if (kind != StreamTraceWriter.SEGMENT) {
            throw error(String.format("expected a segment ('S') or the end record, found 0x%02x", kind));
        }
        long first = varint("segment's first record", Long.MAX_VALUE);
        if (first != records + 1) {
            throw error("segment starts at record " + first + ", expected " + (records + 1));
        }
        long count = varint("segment's record count", Integer.MAX_VALUE);
        long epochBefore = varint("segment's first epoch", Long.MAX_VALUE);
        if (epochBefore < epoch || epochBefore > first - 1) {
            throw error("segment's first epoch " + epochBefore + " does not follow the previous segment's");
        }
        int n = (int) varint("segment's chunk count", MAX_STREAMS);
        if (count == 0 || n == 0) {
            throw error("empty segment");
        }
        int[] streams = new int[n];
        int[] counts = new int[n];
        byte[][] bytes = new byte[n][];
        long total = 0;
        for (int i = 0; i < n; i++) {
            streams[i] = (int) varint("chunk's stream", TraceFormat.MAX_THREADS + 1L << 21);
            counts[i] = (int) varint("chunk's record count", Integer.MAX_VALUE);
            bytes[i] = new byte[(int) varint("chunk's length", MAX_CHUNK_BYTES)];
            if (in.read(bytes[i]) < bytes[i].length) {
                throw error("truncated segment at end of file");
            }
            total += counts[i];
        }
        if (total != count) {
            throw error("segment of " + count + " records has chunks of " + total);
        }
        int[] ordinalOf = new int[n];
        numberNewStreams(first, streams, counts, bytes, ordinalOf);
        int k = segments.size();
        if (k == left.length) {
            left = Arrays.copyOf(left, 2 * k);
        }
        segments.add(new StreamSegment(k, first, count, epochBefore, streams, ordinalOf, counts, bytes));
        records = first + count - 1;
        epoch = epochBefore;
    }

    /** Gives the segment's streams not seen before their ordinals, in the order of their first records. */
    private void numberNewStreams(long first, int[] streams, int[] counts, byte[][] bytes, int[] ordinalOf) {
        int n = streams.length;
        long[] firstRecord = new long[n];
        for (int i = 0; i < n; i++) {
            ordinalOf[i] = ordinals.get(streams[i]);
            firstRecord[i] = ordinalOf[i] < 0 && counts[i] > 0 ? first - 1 + firstGap(bytes[i]) : Long.MAX_VALUE;
        }
        while (true) {
            int next = -1;
            for (int i = 0; i < n; i++) {
                if (ordinalOf[i] < 0 && (next < 0 || firstRecord[i] < firstRecord[next])) {
                    next = i;
                }
            }
            if (next < 0) {
                return;
            }
            if (ordinals.size() == MAX_STREAMS) {
                throw error("too many streams: a trace has at most " + MAX_STREAMS);
            }
            int ordinal = ordinals.size();
            if (ordinals.putIfAbsent(streams[next], ordinal) >= 0) {
                throw error("two chunks of stream " + streams[next] + " in one segment");
            }
            ordinalOf[next] = ordinal;
            listener.appeared(ordinal, streams[next]);
        }
    }

    /** The gap before a chunk's first record (a varint at its start), or an error. */
    private long firstGap(byte[] chunk) {
        long gap = 0;
        for (int i = 0, shift = 0; i < chunk.length && shift < 63; i++, shift += 7) {
            gap |= (long) (chunk[i] & 0x7f) << shift;
            if ((chunk[i] & 0x80) == 0) {
                return gap;
            }
        }
        throw error("a chunk ends inside a record number");
    }

    private TraceException error(String reason) {
        return new TraceException(file + ": byte " + itemStart, reason);
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
