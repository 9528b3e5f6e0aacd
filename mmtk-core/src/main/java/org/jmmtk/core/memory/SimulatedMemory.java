package org.jmmtk.core.memory;

import static org.jmmtk.core.util.Constants.BYTES_IN_CHUNK;
import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_CHUNK;
import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_WORD;
import static org.jmmtk.core.util.Constants.WORDS_IN_CHUNK;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The simulated 64-bit address space: word-addressed, backed by {@code long[]} chunks of 1 MiB that
 * are mapped lazily when a page resource hands out pages in them. Address 0 is null and never mapped.
 * Loads and stores of unmapped addresses throw {@link UnmappedAddressException}.
 *
 * <p>Any thread may load and store; chunks are published with release semantics when mapped. Header
 * words that GC threads race on are accessed with the volatile/CAS variants.
 */
public final class SimulatedMemory {
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle CHUNKS = MethodHandles.arrayElementVarHandle(long[][].class);
    private static final long CHUNK_MASK = BYTES_IN_CHUNK - 1;
    private static final int SMALL_COPY_WORDS = 16;

    private final long base;
    private final long limit;
    private final long[][] chunks;
    private long mappedChunks;

    /** Simulated memory covering {@code [base, base + bytes)}; {@code base} must be chunk-aligned. */
    public SimulatedMemory(long base, long bytes) {
        if ((base & CHUNK_MASK) != 0 || base <= 0) {
            throw new IllegalArgumentException("base must be a positive chunk-aligned address");
        }
        long n = (bytes + BYTES_IN_CHUNK - 1) >>> LOG_BYTES_IN_CHUNK;
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("simulated address range too large: " + bytes + " bytes");
        }
        this.base = base;
        this.limit = base + (n << LOG_BYTES_IN_CHUNK);
        this.chunks = new long[(int) n][];
    }

    public long base() {
        return base;
    }

    public long limit() {
        return limit;
    }

    /** Maps every chunk overlapping {@code [start, start + bytes)}. Newly mapped memory reads as zero. */
    public synchronized void map(long start, long bytes) {
        if (start < base || start + bytes > limit || bytes < 0) {
            throw new IllegalArgumentException(String.format("cannot map [0x%x, 0x%x): outside [0x%x, 0x%x)",
                    start, start + bytes, base, limit));
        }
        int first = (int) ((start - base) >>> LOG_BYTES_IN_CHUNK);
        int last = (int) ((start + bytes - 1 - base) >>> LOG_BYTES_IN_CHUNK);
        for (int i = first; i <= last; i++) {
            if (chunks[i] == null) {
                CHUNKS.setRelease(chunks, i, new long[WORDS_IN_CHUNK]);
                mappedChunks++;
            }
        }
    }

    /** Bytes of host memory backing the simulation. */
    public synchronized long mappedBytes() {
        return mappedChunks * BYTES_IN_CHUNK;
    }

    public boolean isMapped(long address) {
        long offset = address - base;
        return offset >= 0 && address < limit && chunks[(int) (offset >>> LOG_BYTES_IN_CHUNK)] != null;
    }

    private long[] chunk(long address) {
        // one unsigned comparison: an address below base gives a huge chunk number
        long i = (address - base) >>> LOG_BYTES_IN_CHUNK;
        long[][] all = chunks;
        if (i >= all.length) {
            throw new UnmappedAddressException(address);
        }
        long[] c = all[(int) i];
        if (c == null) {
            throw new UnmappedAddressException(address);
        }
        return c;
    }

    private static int index(long address) {
        return (int) ((address & CHUNK_MASK) >>> LOG_BYTES_IN_WORD);
    }

    public long load(long address) {
        return chunk(address)[index(address)];
    }

    public void store(long address, long value) {
        chunk(address)[index(address)] = value;
    }

    public long loadVolatile(long address) {
        return (long) WORDS.getVolatile(chunk(address), index(address));
    }

    public void storeRelease(long address, long value) {
        WORDS.setRelease(chunk(address), index(address), value);
    }

    /**
     * Atomically replaces the word at {@code address} if it equals {@code expected}; returns the word
     * found (equal to {@code expected} if it was replaced), so a failed attempt needs no second load.
     */
    public long compareAndExchange(long address, long expected, long value) {
        return (long) WORDS.compareAndExchange(chunk(address), index(address), expected, value);
    }

    /** Atomically replaces the word at {@code address} if it equals {@code expected}. */
    public boolean compareAndSet(long address, long expected, long value) {
        return WORDS.compareAndSet(chunk(address), index(address), expected, value);
    }

    /** Copies {@code words} words from {@code from} to {@code to}; the ranges must not overlap. */
    public void copyWords(long from, long to, long words) {
        long[] src = chunk(from);
        long[] dst = chunk(to);
        int si = index(from);
        int di = index(to);
        if (si + words <= WORDS_IN_CHUNK && di + words <= WORDS_IN_CHUNK) {
            // the common case: an object and its copy each within one chunk; a small object's words are
            // copied by a loop, cheaper than a call to the array-copy stub
            if (words <= SMALL_COPY_WORDS) {
                for (int end = si + (int) words; si < end; si++, di++) {
                    dst[di] = src[si];
                }
            } else {
                System.arraycopy(src, si, dst, di, (int) words);
            }
            return;
        }
        copyAcrossChunks(from, to, words);
    }

    private void copyAcrossChunks(long from, long to, long words) {
        while (words > 0) {
            long[] src = chunk(from);
            long[] dst = chunk(to);
            int si = index(from);
            int di = index(to);
            int n = (int) Math.min(words, Math.min(WORDS_IN_CHUNK - si, WORDS_IN_CHUNK - di));
            System.arraycopy(src, si, dst, di, n);
            words -= n;
            from += (long) n << LOG_BYTES_IN_WORD;
            to += (long) n << LOG_BYTES_IN_WORD;
        }
    }

    /** Sets {@code words} words from {@code start} to zero. */
    public void zero(long start, long words) {
        long[] first = chunk(start);
        int at = index(start);
        if (at + words <= WORDS_IN_CHUNK) {
            // the common case: a few reference slots of a new object
            for (int end = at + (int) words; at < end; at++) {
                first[at] = 0;
            }
            return;
        }
        while (words > 0) {
            long[] c = chunk(start);
            int i = index(start);
            int n = (int) Math.min(words, WORDS_IN_CHUNK - i);
            java.util.Arrays.fill(c, i, i + n, 0L);
            words -= n;
            start += (long) n << LOG_BYTES_IN_WORD;
        }
    }
}
