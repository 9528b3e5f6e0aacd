package org.jmmtk.bindings.trace;

/**
 * One segment of a per-thread stream trace as read from its file ({@link StreamSegments}): its number
 * among the segments, its first record's number, how many records it holds, the epoch before its
 * first record, and per chunk the stream, the stream's ordinal, the record count and the undecoded
 * bytes. Immutable once read; shared by the consumers that decode its chunks.
 */
final class StreamSegment {
    final int number;
    final long first;
    final long count;
    final long epochBefore;
    final int[] streams;
    final int[] ordinals;
    final int[] counts;
    final byte[][] bytes;

    StreamSegment(int number, long first, long count, long epochBefore, int[] streams, int[] ordinals, int[] counts,
                  byte[][] bytes) {
        this.number = number;
        this.first = first;
        this.count = count;
        this.epochBefore = epochBefore;
        this.streams = streams;
        this.ordinals = ordinals;
        this.counts = counts;
        this.bytes = bytes;
    }

    long last() {
        return first + count - 1;
    }
}
