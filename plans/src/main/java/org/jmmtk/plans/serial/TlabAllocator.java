package org.jmmtk.plans.serial;

import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.Space;

/**
 * A serial mutator's allocation in eden: when a young collection comes is decided as HotSpot decides
 * it, by eden's bytes handed out in TLABs and to objects allocated outside them ({@link Tlab}, counted
 * by {@link EdenTop}), so TLAB waste and the last TLAB clipped to eden's end are modelled; where
 * objects lie is the bump allocator's business (buffers continued while contiguous, no holes), which
 * no figure depends on. When eden cannot give what the TLAB policy asks for, a young collection runs
 * and the allocation starts again, as HotSpot's {@code VM_GenCollectForAllocation} does; an object
 * that failed outside a TLAB is retried outside one (HotSpot allocates it in the emptied eden). With
 * {@code --use-tlab 0} every object goes outside, as with {@code -XX:-UseTLAB}. Used
 * by its mutator's thread.
 */
final class TlabAllocator extends Allocator {
    private final Serial plan;
    private final BumpAllocator placement;
    private final EdenTop edenTop;
    private Tlab tlab;
    private boolean outsideAfterCollection;
    /** The thread ended: the next allocation is a new thread's, which takes a new TLAB policy. */
    private boolean threadEnded;

    TlabAllocator(SimulatedMemory memory, Serial plan, int ordinal, BumpAllocator placement) {
        super(memory, ordinal);
        this.plan = plan;
        this.placement = placement;
        this.edenTop = plan.edenTop();
        this.tlab = new Tlab(plan.generations().edenBytes(), edenTop.allocatingThreads());
    }

    @Override
    public long alloc(long bytes) {
        if (tlab.tryAllocate(bytes >>> 3)) {
            return placement.alloc(bytes);
        }
        return allocSlow(bytes);
    }

    @Override
    protected long allocSlowOnce(long bytes) {
        if (threadEnded) {
            threadStarts();
        }
        long words = bytes >>> 3;
        if (outsideAfterCollection || !plan.usesTlabs() || tlab.slowPath(words) == Tlab.Slow.OUTSIDE) {
            return outside(words, bytes);
        }
        long size = tlab.newTlabWords(words, edenTop.available() >>> 3);
        if (size == 0 || !edenTop.claim(size << 3)) {
            return outside(words, bytes);
        }
        tlab.filled(size, words);
        return placement.alloc(bytes);
    }

    private long outside(long words, long bytes) {
        if (!edenTop.claim(bytes)) {
            outsideAfterCollection = true;
            plan.collectForEden();
            return 0;
        }
        outsideAfterCollection = false;
        tlab.allocatedOutside(words);
        return placement.alloc(bytes);
    }

    /**
     * The thread ended: its TLAB is retired as {@code JavaThread::exit} retires it ({@link Tlab#retireAtExit}),
     * its waste left to eden until the next collection, and the thread not counted as allocating there.
     */
    void threadEnded() {
        edenTop.threadExited(tlab.retireAtExit());
        outsideAfterCollection = false;
        threadEnded = true;
    }

    /**
     * A new thread's first allocation: a TLAB policy of the initial desired size for the average number
     * of allocating threads now ({@code ThreadLocalAllocBuffer::initialize()}; HotSpot sizes it when the
     * thread starts, which a trace places no earlier than the thread's first record).
     */
    private void threadStarts() {
        tlab = new Tlab(plan.generations().edenBytes(), edenTop.allocatingThreads());
        threadEnded = false;
    }

    /** The TLAB policy, for the collection's accounting. */
    Tlab tlab() {
        return tlab;
    }

    @Override
    public void reset() {
        placement.reset();
    }

    @Override
    public Space space() {
        return placement.space();
    }
}
