package org.jmmtk.bindings.trace;

import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * The records of one chunk of a per-thread stream trace, one at a time: {@link #advance} reads a
 * record's header (its number, from the gap since the chunk's previous one; its epoch; the records of
 * other streams it must follow, see docs/trace-format.md), then {@link #decode} its body, through a
 * {@link BinaryRecordDecoder} of its own, to a consumer. Errors name the file and the record. Used by
 * one thread.
 */
final class StreamChunk {
    /** The most records a record may have to follow (a store: its object's and target's allocations, the slot's last store). */
    static final int MAX_DEPENDENCIES = 3;

    final int stream;
    final int ordinal;
    private final String file;
    private final long last;
    private final ByteInput in;
    private final BinaryRecordDecoder decoder;
    private int left;
    /** The record whose header was read last (the segment's first minus one before the first). */
    long record;
    long epoch;
    int dependencies;
    final long[] dependencyPosition = new long[MAX_DEPENDENCIES];
    final int[] dependencyOrdinal = new int[MAX_DEPENDENCIES];

    StreamChunk(StreamSegment segment, int i, String file) {
        this.stream = segment.streams[i];
        this.ordinal = segment.ordinals[i];
        this.file = file;
        this.last = segment.last();
        this.left = segment.counts[i];
        this.in = new ByteInput(new ByteArrayInputStream(segment.bytes[i]));
        this.decoder = new BinaryRecordDecoder(in, this::location);
        this.record = segment.first - 1;
        this.epoch = segment.epochBefore;
    }

    /** Reads the next record's header; false when the chunk has no more (its bytes must then be used up). */
    boolean advance() throws IOException {
        if (left == 0) {
            if (in.next() >= 0) {
                throw error("a chunk has bytes after its last record");
            }
            return false;
        }
        long gap = varint();
        if (gap <= 0) {
            throw error("record numbers of a chunk must increase");
        }
        record += gap;
        if (record > last || record < 0) {
            throw error("a record numbered beyond its segment (which ends at record " + last + ")");
        }
        long head = varint();
        epoch += head >>> 2;
        dependencies = (int) (head & 3);
        for (int i = 0; i < dependencies; i++) {
            long back = varint();
            if (back <= 0 || back >= record) {
                throw error("a record may only follow an earlier record (" + back + " back)");
            }
            dependencyPosition[i] = record - back;
            long o = varint();
            if (o >= StreamSegments.MAX_STREAMS) {
                throw error("stream number " + o + " is out of range");
            }
            dependencyOrdinal[i] = (int) o;
        }
        left--;
        return true;
    }

    /** Decodes the body of the record whose header was read last, to {@code out}. */
    void decode(TraceEvents out) throws IOException {
        int kind = in.next();
        if (kind < 0) {
            throw error("truncated record at the end of its chunk");
        }
        try {
            decoder.dispatch((char) kind, out);
        } catch (TraceException e) {
            throw e.at(location());
        }
    }

    long objects() {
        return decoder.objects();
    }

    long bytesAllocated() {
        return decoder.bytesAllocated();
    }

    private String location() {
        return file + ": record " + record;
    }

    private TraceException error(String reason) {
        return new TraceException(location(), reason);
    }

    private long varint() throws IOException {
        long fast = in.fastVarint();
        if (fast != ByteInput.SLOW) {
            return fast;
        }
        long value = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            int b = in.next();
            if (b < 0) {
                throw error("a chunk ends inside a record's header");
            }
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw error("a record's header holds an invalid varint");
    }
}
