package org.jmmtk.plans.serial;

import java.util.concurrent.atomic.LongAdder;

/**
 * The bytes each generation uses as HotSpot counts them (simulated sizes): the old generation's
 * ({@code TenuredGeneration::used()}: its objects and the large objects born in it) and the young
 * generation's ({@code DefNewGeneration::used()}: eden and the from-space), and, per collection, what it
 * promoted and copied to the to-space. The policy's decisions and the collection's statistics read them.
 *
 * <p>Threads: mutators call {@link #largeAllocated} concurrently (a {@link LongAdder}); everything else
 * runs on the collection's packets, one at a time (bucket opening orders them).
 */
final class GenerationUsage {
    private final Generations sizes;
    private final EdenTop edenTop;
    private final LongAdder largeBytesAllocated = new LongAdder();
    // bytes of objects in the old generation and the large object space, exact (HotSpot's old used())
    private long oldUsed;
    private long fromUsed;
    // per collection, written by its packets and read at its end
    private long oldUsedAtPrologue;
    private long promotedTraceBytes;
    private long survivorTraceBytes;
    private long toUsed;

    GenerationUsage(Generations sizes, EdenTop edenTop) {
        this.sizes = sizes;
        this.edenTop = edenTop;
    }

    /** A large object born in the old generation (its simulated bytes). */
    void largeAllocated(long bytes) {
        largeBytesAllocated.add(bytes);
    }

    /** The old generation's use, its large objects included. */
    long oldUsed() {
        return oldUsed + largeBytesAllocated.sum();
    }

    long oldFree() {
        return sizes.oldBytes() - oldUsed();
    }

    /** Eden and the from-space in use (HotSpot's {@code DefNewGeneration::used()}). */
    long youngUsed() {
        return edenTop.used() + fromUsed;
    }

    /** A collection's prologue: what it promotes and copies is counted from here. */
    void collectionStarts() {
        oldUsedAtPrologue = oldUsed();
        promotedTraceBytes = 0;
        survivorTraceBytes = 0;
        toUsed = 0;
    }

    /** Whether the to-space has room for {@code size} more bytes. */
    boolean survivorHasRoom(long size) {
        return toUsed + size <= sizes.survivorBytes();
    }

    /** A young collection copied an object of {@code size} bytes ({@code traceBytes} in the trace) to the to-space. */
    void survived(long size, long traceBytes) {
        toUsed += size;
        survivorTraceBytes += traceBytes;
    }

    /** A young collection promoted an object of {@code size} bytes ({@code traceBytes} in the trace). */
    void promoted(long size, long traceBytes) {
        oldUsed += size;
        promotedTraceBytes += traceBytes;
    }

    /** A full collection moved a young object of {@code traceBytes} into the old generation (its use is recounted at the end). */
    void appended(long traceBytes) {
        promotedTraceBytes += traceBytes;
    }

    /** Bytes the young collection copied to the to-space. */
    long toUsed() {
        return toUsed;
    }

    /** A successful young collection swapped the survivor spaces: the to-space's copies are the from-space's use. */
    void survivorsSwapped() {
        fromUsed = toUsed;
    }

    /** A full collection emptied the young generation. */
    void youngEmptied() {
        fromUsed = 0;
    }

    /**
     * A full collection ended with the old generation compacted to {@code compactedBytes} and
     * {@code largeLiveBytes} of large objects left.
     */
    void fullCollectionEnded(long compactedBytes, long largeLiveBytes) {
        largeBytesAllocated.reset();
        oldUsed = compactedBytes + largeLiveBytes;
    }

    /** How much the old generation's use grew since the collection's prologue. */
    long oldGrowth() {
        return oldUsed() - oldUsedAtPrologue;
    }

    /** Trace bytes the collection promoted into the old generation. */
    long promotedTraceBytes() {
        return promotedTraceBytes;
    }

    /** Trace bytes the young collection copied to the to-space. */
    long survivorTraceBytes() {
        return survivorTraceBytes;
    }
}
