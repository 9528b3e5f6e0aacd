package org.jmmtk.plans.serial;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * HotSpot's eden top and its TLAB statistics: eden's bytes handed out since it was last emptied, in TLABs
 * and to objects outside them, which decide when a young collection comes ({@link TlabAllocator}; the
 * pages eden's objects lie on only place them); the bytes in use when a collection started; the TLAB
 * waste and the number of threads that allocated since the last collection, and the latter's decaying
 * average ({@code ThreadLocalAllocStats}), by which a new thread's TLAB is sized. Mutator threads claim
 * bytes and report retired TLABs concurrently; the collection's hooks run while they are stopped.
 */
final class EdenTop {
    private final long edenBytes;
    private final AtomicLong claimed = new AtomicLong();
    private final PromotedAverage allocatingThreadsAverage = new PromotedAverage(Tlab.ALLOCATION_WEIGHT, 0);
    private final AtomicInteger allocatingThreads = new AtomicInteger();
    private final LongAdder waste = new LongAdder();
    /** Waste that threads left in eden at their exit since the last collection. */
    private final LongAdder exitedWaste = new LongAdder();
    private long usedAtGc;

    EdenTop(long edenBytes) {
        this.edenBytes = edenBytes;
    }

    /** Takes {@code bytes} of eden (a TLAB, or an object outside one); false if eden has not that many left. */
    boolean claim(long bytes) {
        for (long used = claimed.get(); used + bytes <= edenBytes; used = claimed.get()) {
            if (claimed.compareAndSet(used, used + bytes)) {
                return true;
            }
        }
        return false;
    }

    long used() {
        return claimed.get();
    }

    long available() {
        return edenBytes - claimed.get();
    }

    /** Eden was emptied by a collection. */
    void emptied() {
        claimed.set(0);
    }

    /** HotSpot's {@code ThreadLocalAllocStats::allocating_threads_avg()}: a new thread's TLAB is sized for that many. */
    int allocatingThreads() {
        return Math.max((int) (allocatingThreadsAverage.average() + 0.5F), 1);
    }

    /** A collection starts: the statistics since the last one begin again. */
    void collectionStarts() {
        usedAtGc = claimed.get();
        allocatingThreads.set(0);
        waste.reset();
        waste.add(exitedWaste.sumThenReset());
    }

    /**
     * A thread ended, leaving {@code wasteBytes} of eden (its retired TLAB's rest, its refills' waste) that
     * no one uses until the next collection, which counts it in its TLAB waste; the thread is not counted
     * among that collection's allocating threads.
     */
    void threadExited(long wasteBytes) {
        exitedWaste.add(wasteBytes);
    }

    /** A mutator's TLAB was retired at the collection's start, after {@code wasteBytes} of TLAB waste since the last one. */
    void tlabRetired(boolean allocating, long wasteBytes) {
        if (allocating) {
            allocatingThreads.incrementAndGet();
        }
        waste.add(wasteBytes);
    }

    /** {@code ThreadLocalAllocStats::publish}, when any thread allocated since the last collection. */
    void collectionEnds() {
        if (usedAtGc > 0) {
            allocatingThreadsAverage.sample(allocatingThreads.get());
        }
    }

    /** Eden's bytes in use when the collection in progress (or the last) started. */
    long usedAtGc() {
        return usedAtGc;
    }

    /** TLAB waste reported since the collection in progress (or the last) started. */
    long wasteBytes() {
        return waste.sum();
    }
}
