package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * The reference-counting write barrier (Deutsch and Bobrow's deferred RC; mmtk-core's LXR barrier
 * without its coalescing): before a store, the new target's count goes up and the old target's down,
 * the increment first so storing a slot's own value never drops a count to zero on the way. An object
 * whose count reaches zero is not freed here (roots are not counted, so it may still be live): it
 * enters the zero-count table through this mutator's buffer ({@link #rememberedSet}), which the next
 * RC collection processes. A store that leaves the slot unchanged does nothing.
 *
 * <p>{@link #stores} counts the count operations (increments plus decrements), the barrier's work.
 * One instance per mutator, used by its thread; counts are shared and updated atomically.
 */
public final class RefCountBarrier extends Barrier {
    private final ReferenceCounts counts;
    private long operations;

    public RefCountBarrier(SimulatedMemory memory, ReferenceCounts counts) {
        super(memory);
        this.counts = counts;
    }

    @Override
    protected void preWrite(long source, long slot, long target) {
        long old = memory.load(slot);
        if (old == target) {
            return;
        }
        if (target != 0) {
            counts.increment(target);
            operations++;
        }
        if (old != 0) {
            operations++;
            if (counts.decrement(old)) {
                enterZct(old);
            }
        }
    }

    /** Puts {@code object}, whose count is zero (a decrement, or a new object), into the ZCT unless it is there. */
    public void enterZct(long object) {
        if (counts.enterZct(object)) {
            remembered.add(object);
        }
    }

    @Override
    public long stores() {
        return operations;
    }
}
