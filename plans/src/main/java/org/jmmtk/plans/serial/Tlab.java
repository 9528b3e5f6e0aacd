package org.jmmtk.plans.serial;

/**
 * One thread's thread-local allocation buffer as HotSpot 17 sizes, fills and retires it
 * ({@code ThreadLocalAllocBuffer} and {@code MemAllocator::allocate_inside_tlab_slow}), in words of 8
 * bytes: only the accounting, which decides how much of eden each young collection finds used by
 * objects and how much by waste, and so where in the program the collections fall.
 *
 * <p>A TLAB is {@code desired + object} words (the last one of eden clipped to what is left), less an
 * end reserve ({@value #ALIGNMENT_RESERVE_WORDS} words: C2's allocation prefetch,
 * {@code (AllocatePrefetchDistance 256 + AllocatePrefetchStepSize 64 x (AllocatePrefetchLines 3 + 2)) / 8},
 * x86-64's defaults) that no object may use. An object that does not fit the rest of the TLAB goes
 * outside it, straight into eden, if that rest is more than the refill waste limit
 * ({@code desired / TLABRefillWasteFraction 64}, raised by {@code TLABWasteIncrement} 4 words at each
 * such allocation); otherwise the TLAB is retired, its rest and the reserve wasted, and a new one
 * taken. At each collection the TLAB is retired (the rest is "gc waste") and the thread's share of eden
 * ({@code allocated / eden used}, capped at 1) is averaged in (weight {@code TLABAllocationWeight} 35)
 * if eden was more than half used; after it the desired size becomes that share of eden over
 * {@code 100 / (2 x TLABWasteTargetPercent 1)} = 50 refills. HotSpot measured: a single-threaded
 * program's young collections waste 29-38 KB of 6,656 KB of eden in these TLAB tails (0.5%), which
 * the program's objects would otherwise have used.
 *
 * <p>Used by its mutator's thread, and by a GC worker while that thread is stopped.
 */
final class Tlab {
    /** HotSpot's {@code TLABWasteTargetPercent} 1: refills per eden, {@code 100 / (2 x 1)}. */
    static final int TARGET_REFILLS = 50;
    static final int REFILL_WASTE_FRACTION = 64;
    static final int WASTE_INCREMENT_WORDS = 4;
    static final int ALLOCATION_WEIGHT = 35;
    /** {@code MinTLABSize} 2 KB. */
    static final long MIN_TLAB_WORDS = 2048 / 8;
    static final long ALIGNMENT_RESERVE_WORDS = (256 + 64 * (3 + 2)) / 8;
    /** {@code ThreadLocalAllocBuffer::min_size()}. */
    static final long MIN_SIZE_WORDS = MIN_TLAB_WORDS + ALIGNMENT_RESERVE_WORDS;

    /** What the slow path decided for an object that did not fit the TLAB. */
    enum Slow { OUTSIDE, NEW_TLAB }

    private final long edenWords;
    private final PromotedAverage allocationFraction = new PromotedAverage(ALLOCATION_WEIGHT, 0);
    private long desiredWords;
    private long refillWasteLimitWords;
    private boolean hasTlab;
    /** Words of the TLAB objects may still use (its end is the reserve's start). */
    private long freeWords;
    private long refills;
    private long allocatedSinceGcBytes;
    private long slowWasteBytes;
    private long gcWasteBytes;

    /**
     * A new thread's TLAB policy (HotSpot's {@code initialize()}): desired size an eden's share for
     * the average number of allocating threads.
     */
    Tlab(long edenBytes, int allocatingThreads) {
        this.edenWords = edenBytes >>> 3;
        long initial = edenWords / ((long) Math.max(1, allocatingThreads) * TARGET_REFILLS);
        this.desiredWords = Math.max(initial, MIN_SIZE_WORDS);
        this.refillWasteLimitWords = desiredWords / REFILL_WASTE_FRACTION;
        allocationFraction.sample((float) desiredWords * TARGET_REFILLS / edenWords);
    }

    /** Whether an object of {@code words} fits the current TLAB; if so it is allocated there. */
    boolean tryAllocate(long words) {
        if (hasTlab && words <= freeWords) {
            freeWords -= words;
            allocatedSinceGcBytes += words << 3;
            return true;
        }
        return false;
    }

    /**
     * The slow path for an object of {@code words} that did not fit: {@link Slow#OUTSIDE} keeps the
     * TLAB (the object goes straight into eden), {@link Slow#NEW_TLAB} retires it; then
     * {@link #newTlabWords} is the size to take, or 0 if eden's {@code availableWords} cannot hold
     * the object with a TLAB around it (it then goes outside too).
     */
    Slow slowPath(long words) {
        if (hasTlab && freeWords > refillWasteLimitWords) {
            refillWasteLimitWords += WASTE_INCREMENT_WORDS;
            return Slow.OUTSIDE;
        }
        if (hasTlab) {
            slowWasteBytes += (freeWords + ALIGNMENT_RESERVE_WORDS) << 3;
            hasTlab = false;
        }
        return Slow.NEW_TLAB;
    }

    /** HotSpot's {@code compute_size}: the new TLAB's words for an object of {@code words}, or 0. */
    long newTlabWords(long words, long availableWords) {
        long size = Math.min(availableWords, desiredWords + words);
        return size < Math.max(words + ALIGNMENT_RESERVE_WORDS, MIN_TLAB_WORDS) ? 0 : size;
    }

    /** A TLAB of {@code sizeWords} was taken from eden and the object of {@code words} put at its start. */
    void filled(long sizeWords, long words) {
        hasTlab = true;
        freeWords = sizeWords - ALIGNMENT_RESERVE_WORDS - words;
        refills++;
        refillWasteLimitWords = desiredWords / REFILL_WASTE_FRACTION;
        allocatedSinceGcBytes += words << 3;
    }

    /** An object of {@code words} went straight into eden. */
    void allocatedOutside(long words) {
        allocatedSinceGcBytes += words << 3;
    }

    /**
     * At a collection's start ({@code accumulate_and_reset_statistics}): retires the TLAB and samples
     * this thread's share of eden's {@code edenUsedBytes}. Returns whether the thread refilled since
     * the last collection (counts as an allocating thread).
     */
    boolean retireAtGc(long edenUsedBytes) {
        if (hasTlab) {
            gcWasteBytes += (freeWords + ALIGNMENT_RESERVE_WORDS) << 3;
            hasTlab = false;
        }
        boolean allocating = refills > 0;
        if (allocating && edenUsedBytes > (edenWords << 3) / 2) {
            allocationFraction.sample(Math.min(1.0F, allocatedSinceGcBytes / (float) edenUsedBytes));
        }
        refills = 0;
        allocatedSinceGcBytes = 0;
        return allocating;
    }

    /**
     * The thread ended ({@code JavaThread::exit} calls {@code tlab().retire()} with no statistics): the
     * TLAB's rest and reserve are filled and stay eden's waste until the next young collection, and the
     * thread's statistics since the last collection are dropped, never accumulated (it is no longer in the
     * thread list when the collection counts the allocating threads). Returns the waste this thread
     * leaves in eden since the last collection: its slow-refill waste and the retired TLAB's rest.
     */
    long retireAtExit() {
        long waste = slowWasteBytes;
        if (hasTlab) {
            waste += (freeWords + ALIGNMENT_RESERVE_WORDS) << 3;
            hasTlab = false;
        }
        slowWasteBytes = 0;
        gcWasteBytes = 0;
        refills = 0;
        allocatedSinceGcBytes = 0;
        return waste;
    }

    /** The waste since the last call (slow refills and the TLAB retired at the collection), then zero. */
    long takeWasteBytes() {
        long waste = slowWasteBytes + gcWasteBytes;
        slowWasteBytes = 0;
        gcWasteBytes = 0;
        return waste;
    }

    /** After a collection ({@code resize()}): the desired size from the averaged share of eden. */
    void resize() {
        long alloc = (long) (allocationFraction.average() * edenWords);
        desiredWords = Math.max(alloc / TARGET_REFILLS, MIN_SIZE_WORDS);
        refillWasteLimitWords = desiredWords / REFILL_WASTE_FRACTION;
    }

    long desiredWords() {
        return desiredWords;
    }

    long refillWasteLimitWords() {
        return refillWasteLimitWords;
    }

    long freeWords() {
        return hasTlab ? freeWords : 0;
    }
}
