package org.jmmtk.core.memory;

import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_CHUNK;
import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_WORD;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One 32-bit counter of side metadata per 8-byte granule of simulated memory (MMTk's side metadata,
 * here holding reference counts: the object header has no bits to spare), allocated lazily per chunk
 * like {@link SideBitmap} and only through {@link SideMetadataRegistry#counts}. Increments and decrements are atomic, so mutators' write barriers and GC
 * workers may update the count of one object at once; reads are plain.
 */
public final class SideCounts {
    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final int LOG_GRANULES_IN_CHUNK = LOG_BYTES_IN_CHUNK - LOG_BYTES_IN_WORD;

    private final long base;
    private final int[][] chunks;

    /** Counters covering the whole range of {@code memory}, all zero. */
    SideCounts(SimulatedMemory memory) {
        this.base = memory.base();
        this.chunks = new int[(int) ((memory.limit() - base) >>> LOG_BYTES_IN_CHUNK)][];
    }

    private int[] chunkFor(long address) {
        int c = (int) ((address - base) >>> LOG_BYTES_IN_CHUNK);
        int[] counts = chunks[c];
        return counts != null ? counts : allocateChunk(c);
    }

    // out of line, as in SideBitmap: keeps the lock's code out of the write barrier's inlined path
    private synchronized int[] allocateChunk(int c) {
        int[] counts = chunks[c];
        if (counts == null) {
            counts = new int[1 << LOG_GRANULES_IN_CHUNK];
            chunks[c] = counts;
        }
        return counts;
    }

    private static int granule(long address) {
        return (int) ((address >>> LOG_BYTES_IN_WORD) & ((1 << LOG_GRANULES_IN_CHUNK) - 1));
    }

    /** The counter of the granule at {@code address}. */
    public int get(long address) {
        int[] counts = chunks[(int) ((address - base) >>> LOG_BYTES_IN_CHUNK)];
        return counts == null ? 0 : counts[granule(address)];
    }

    /** Adds one; returns the new value. */
    public int increment(long address) {
        return (int) COUNTS.getAndAdd(chunkFor(address), granule(address), 1) + 1;
    }

    /** Subtracts one; returns the new value (never below zero: that would be a lost increment). */
    public int decrement(long address) {
        int now = (int) COUNTS.getAndAdd(chunkFor(address), granule(address), -1) - 1;
        if (now < 0) {
            throw new IllegalStateException(String.format("count of 0x%x fell below zero", address));
        }
        return now;
    }

    /** Sets the counter at {@code address} while no other thread updates it. */
    public void set(long address, int value) {
        chunkFor(address)[granule(address)] = value;
    }

    /** Zeroes every counter of {@code [start, end)}; both 8-byte aligned. Not concurrent with updates of the range. */
    public void clearRange(long start, long end) {
        for (long a = start; a < end; ) {
            long chunkEnd = Math.min(end, ((a >>> LOG_BYTES_IN_CHUNK) + 1) << LOG_BYTES_IN_CHUNK);
            int[] counts = chunks[(int) ((a - base) >>> LOG_BYTES_IN_CHUNK)];
            if (counts != null) {
                Arrays.fill(counts, granule(a), granule(chunkEnd - 8) + 1, 0);
            }
            a = chunkEnd;
        }
    }
}
