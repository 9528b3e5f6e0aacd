package org.jmmtk.core.barrier;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;

/**
 * The reference-counting write barrier (Deutsch and Bobrow's deferred RC; mmtk-core's LXR barrier
 * without its coalescing): before a store, the new target's count goes up and the old target's down,
 * the increment first so storing a slot's own value never drops a count to zero on the way. An object
 * whose count reaches zero is not freed here (roots are not counted, so it may still be live): it
 * enters the zero-count table through this mutator's buffer ({@link #rememberedSet}), which the next
 * RC collection processes. A store that leaves the slot unchanged does nothing. A store into a weak
 * slot (a reference's referent, {@link WeakSlots}) counts nothing: it notes the reference object
 * instead, whose slot the collection clears once its referent is freed ({@link #takeReferences}).
 *
 * <p>{@link #stores} counts the count operations (increments plus decrements), the barrier's work.
 * One instance per mutator, used by its thread; counts are shared and updated atomically.
 */
public final class RefCountBarrier extends Barrier {
    private final ReferenceCounts counts;
    private final WeakSlots weakSlots;
    /** Reference objects given a non-null referent since the last collection took them ({@link #takeReferences}). */
    private final LongArrayList references = new LongArrayList();
    private long operations;

    /** A barrier that counts every slot (no weak slots). */
    public RefCountBarrier(SimulatedMemory memory, ReferenceCounts counts) {
        this(memory, counts, new WeakSlots());
    }

    /** A barrier for which the slots {@code weakSlots} marks do not count. */
    public RefCountBarrier(SimulatedMemory memory, ReferenceCounts counts, WeakSlots weakSlots) {
        super(memory);
        this.counts = counts;
        this.weakSlots = weakSlots;
    }

    @Override
    protected void preWrite(long source, long slot, long target) {
        long old = memory.load(slot);
        if (old == target) {
            return;
        }
        int[] weak = weakSlots.table();
        if (weak.length != 0 && isWeakSlot(weak, source, slot)) {
            // weak slots do not count (LXR's rule): the collection clears them when their referent is freed
            if (target != 0) {
                references.add(source);
            }
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

    private boolean isWeakSlot(int[] weak, long source, long slot) {
        int w = WeakSlots.slotOf(weak, ObjectModel.typeId(memory, source));
        return w >= 0 && ObjectModel.slotAddress(source, w) == slot;
    }

    /**
     * Adds to {@code into} the reference objects this mutator gave a non-null referent (a store into
     * their weak slot) since the last call, and forgets them. In a collection, this mutator stopped.
     */
    public void takeReferences(LongArrayList into) {
        into.addAll(references);
        references.clear();
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
