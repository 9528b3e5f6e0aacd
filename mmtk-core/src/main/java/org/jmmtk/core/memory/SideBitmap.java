package org.jmmtk.core.memory;

import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_CHUNK;
import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_WORD;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One bit of side metadata per 8-byte granule of simulated memory (MMTk's side metadata), held
 * beside the memory rather than in object headers, and allocated lazily per chunk as memory is. Used
 * for the valid-object bits: set at each object start when it is allocated or copied, cleared when
 * its memory is reclaimed, so "is there an object at this address?" is one load.
 *
 * <p>Allocated only through {@link SideMetadataRegistry#bitmap}, which reports its footprint from the pages
 * of the spaces it describes, not from the chunks it happens to have mapped. Bits are set and cleared
 * atomically, so GC workers copying or sweeping in parallel may update bits of the same word; reads are
 * plain.
 */
public final class SideBitmap {
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int LOG_GRANULES_IN_CHUNK = LOG_BYTES_IN_CHUNK - LOG_BYTES_IN_WORD;
    private static final int LONGS_IN_CHUNK = 1 << (LOG_GRANULES_IN_CHUNK - 6);

    /** Log of the bytes of memory one word of a bitmap covers: 64 granules, one bit each. */
    public static final int LOG_BYTES_PER_BITMAP_WORD = LOG_BYTES_IN_WORD + 6;

    private final long base;
    private final long limit;
    private final long[][] chunks;

    /** A bitmap covering the whole range of {@code memory}, all clear. */
    SideBitmap(SimulatedMemory memory) {
        this.base = memory.base();
        this.limit = memory.limit();
        this.chunks = new long[(int) ((limit - base) >>> LOG_BYTES_IN_CHUNK)][];
    }

    private long[] chunkFor(long address) {
        int c = (int) ((address - base) >>> LOG_BYTES_IN_CHUNK);
        long[] words = chunks[c];
        return words != null ? words : allocateChunk(c);
    }

    // out of line: the lock's code would make every caller too big for the JIT to inline into the closure
    private synchronized long[] allocateChunk(int c) {
        long[] words = chunks[c];
        if (words == null) {
            words = new long[LONGS_IN_CHUNK];
            chunks[c] = words;
        }
        return words;
    }

    private static int granule(long address) {
        return (int) ((address >>> LOG_BYTES_IN_WORD) & ((1 << LOG_GRANULES_IN_CHUNK) - 1));
    }

    /** Whether the bit of the granule at {@code address} is set; false for addresses outside memory. */
    public boolean get(long address) {
        if (address < base || address >= limit) {
            return false;
        }
        long[] words = chunks[(int) ((address - base) >>> LOG_BYTES_IN_CHUNK)];
        if (words == null) {
            return false;
        }
        int g = granule(address);
        return (words[g >>> 6] & (1L << g)) != 0;
    }

    public void set(long address) {
        long[] words = chunkFor(address);
        int g = granule(address);
        WORDS.getAndBitwiseOr(words, g >>> 6, 1L << g);
    }

    /**
     * Sets the bit with a plain read-modify-write: for a caller that no other thread can race on this
     * bitmap word while it runs (a mutator allocating in memory it alone owns, whole words of it, while
     * no GC thread runs; {@code Plan.mutatorsOwnValidBitWords}). An atomic instruction would also wait
     * for the new object's header stores to drain, the larger part of its cost on the allocation path.
     */
    public void setUnshared(long address) {
        long[] words = chunkFor(address);
        int g = granule(address);
        words[g >>> 6] |= 1L << g;
    }

    /**
     * Sets, with one atomic instruction, the bits {@code bits} of the word covering {@code address}:
     * bit i is the granule i words past the start of the {@code 1 << LOG_BYTES_PER_BITMAP_WORD} bytes
     * that word covers (so {@code 1L << (a >>> LOG_BYTES_IN_WORD)} is the bit of an address {@code a} in
     * them). A copier sets its run of copies' bits this way rather than one atomic instruction a copy.
     */
    public void setBits(long address, long bits) {
        long[] words = chunkFor(address);
        WORDS.getAndBitwiseOr(words, granule(address) >>> 6, bits);
    }

    /**
     * The word of bits covering {@code address} with a plain read (bit i as in {@link #setBits}), 0 if
     * its chunk is not mapped: a sweep reads the bits of 64 granules with one load.
     */
    public long word(long address) {
        if (address < base || address >= limit) {
            return 0;
        }
        long[] words = chunks[(int) ((address - base) >>> LOG_BYTES_IN_CHUNK)];
        return words == null ? 0 : words[granule(address) >>> 6];
    }

    /** Clears, with one atomic instruction, the bits {@code bits} (as in {@link #setBits}) of the word covering {@code address}. */
    public void clearBits(long address, long bits) {
        long[] words = chunkFor(address);
        WORDS.getAndBitwiseAnd(words, granule(address) >>> 6, ~bits);
    }

    /**
     * Clears the bits {@code bits} (as in {@link #setBits}) of the word covering {@code address} with a
     * plain read-modify-write: for a caller that alone touches that word while it runs (a sweep packet
     * owns its blocks, and a block covers whole words).
     */
    public void clearBitsUnshared(long address, long bits) {
        long[] words = chunkFor(address);
        words[granule(address) >>> 6] &= ~bits;
    }

    /**
     * Sets the bit unless it is set already; true if this call set it. A set bit is seen with a plain
     * load, without the atomic instruction (marking: most objects reached again are marked already).
     */
    public boolean attemptSet(long address) {
        return attemptChange(address, true);
    }

    /**
     * Clears the bit unless it is clear already; true if this call cleared it (an unlog bit: the one
     * mutator whose store clears it logs the object). A clear bit is seen with a plain load.
     */
    public boolean attemptClear(long address) {
        return attemptChange(address, false);
    }

    /** Makes the bit {@code set} unless it is already; true if this call changed it. */
    private boolean attemptChange(long address, boolean set) {
        long[] words = chunkFor(address);
        int g = granule(address);
        int w = g >>> 6;
        long bit = 1L << g;
        long word = words[w];
        while (((word & bit) != 0) != set) {
            long found = (long) WORDS.compareAndExchange(words, w, word, word ^ bit);
            if (found == word) {
                return true;
            }
            word = found;
        }
        return false;
    }

    public void clear(long address) {
        long[] words = chunkFor(address);
        int g = granule(address);
        WORDS.getAndBitwiseAnd(words, g >>> 6, ~(1L << g));
    }

    /**
     * Clears every bit of {@code [start, end)}; both 8-byte aligned. Not concurrent with setters of the
     * range. A word the range covers only in part is cleared with an atomic instruction: packets clearing
     * adjacent ranges (blocks smaller than a word's 512 bytes) may share it.
     */
    public void clearRange(long start, long end) {
        forEachWord(start, end, true);
    }

    /** How many bits of {@code [start, end)} are set; both 8-byte aligned. */
    public long count(long start, long end) {
        return forEachWord(start, end, false);
    }

    /**
     * Clears ({@code clear}) or counts the bits of {@code [start, end)} in every allocated word holding
     * some; returns the count (0 when clearing). A flag, not a function object: with the two lambdas at
     * one call in the loop, C2 hoisted a receiver check out of the loop (a profile predicate) that one
     * of them fails, so its calls trapped until the method had been compiled three to five times
     * (replays of some seconds, marksweep). A flag's test has both sides in the profile: no trap.
     */
    private long forEachWord(long start, long end, boolean clear) {
        long sum = 0;
        for (long a = start; a < end; ) {
            long chunkEnd = Math.min(end, ((a >>> LOG_BYTES_IN_CHUNK) + 1) << LOG_BYTES_IN_CHUNK);
            long[] words = chunks[(int) ((a - base) >>> LOG_BYTES_IN_CHUNK)];
            if (words != null) {
                int first = granule(a);
                int last = granule(chunkEnd - 8);
                for (int w = first >>> 6; w <= last >>> 6; w++) {
                    long mask = -1L;
                    if (w == first >>> 6) {
                        mask &= -1L << first;
                    }
                    if (w == last >>> 6) {
                        mask &= -1L >>> (63 - (last & 63));
                    }
                    if (clear) {
                        clearWord(words, w, mask);
                    } else {
                        sum += Long.bitCount(words[w] & mask);
                    }
                }
            }
            a = chunkEnd;
        }
        return sum;
    }

    /** Clears the bits {@code mask} of {@code words[w]}; atomically unless it is the whole word. */
    private static void clearWord(long[] words, int w, long mask) {
        if (mask == -1L) {
            words[w] = 0;
        } else {
            WORDS.getAndBitwiseAnd(words, w, ~mask);
        }
    }

    /**
     * The last set bit's address in {@code [floor, from]}, or -1 (a card table's walk back from a card
     * to the object that starts before it); both 8-byte aligned.
     */
    public long previous(long from, long floor) {
        for (long a = from; a >= floor; ) {
            long chunkStart = Math.max(floor, (a >>> LOG_BYTES_IN_CHUNK) << LOG_BYTES_IN_CHUNK);
            long[] words = chunks[(int) ((a - base) >>> LOG_BYTES_IN_CHUNK)];
            if (words != null) {
                while (a >= chunkStart) {
                    int g = granule(a);
                    long bits = words[g >>> 6] << (63 - (g & 63));
                    if (bits != 0) {
                        long found = a - ((long) Long.numberOfLeadingZeros(bits) << LOG_BYTES_IN_WORD);
                        return found >= chunkStart ? found : -1;
                    }
                    a -= (long) ((g & 63) + 1) << LOG_BYTES_IN_WORD;
                }
            }
            a = chunkStart - 8;
        }
        return -1;
    }

    /** The first set bit's address in {@code [from, end)}, or -1. */
    public long next(long from, long end) {
        for (long a = from; a < end; ) {
            long chunkEnd = Math.min(end, ((a >>> LOG_BYTES_IN_CHUNK) + 1) << LOG_BYTES_IN_CHUNK);
            long[] words = chunks[(int) ((a - base) >>> LOG_BYTES_IN_CHUNK)];
            if (words != null) {
                while (a < chunkEnd) {
                    int g = granule(a);
                    long bits = words[g >>> 6] >>> (g & 63);
                    if (bits != 0) {
                        long found = a + ((long) Long.numberOfTrailingZeros(bits) << LOG_BYTES_IN_WORD);
                        return found < chunkEnd ? found : -1;
                    }
                    a += (long) (64 - (g & 63)) << LOG_BYTES_IN_WORD;
                }
            }
            a = chunkEnd;
        }
        return -1;
    }
}
