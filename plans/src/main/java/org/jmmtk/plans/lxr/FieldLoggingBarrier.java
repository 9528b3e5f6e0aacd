package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;

/**
 * LXR's coalescing write barrier (Levanoni and Petrank's, at object granularity as in RC Immix): the
 * first store in an RC epoch into a mature object (one with a count: young objects, allocated since
 * the last RC pause, have none and are not logged) sets its log bit, remembers the object in this
 * mutator's modified buffer and copies every reference it holds then into the decrement buffer.
 * Later stores into the object in the same epoch cost only the bit test. At the next RC pause the
 * object's referents of that moment become increments and the buffered ones decrements, so however
 * often a field changed within the epoch it costs one increment and one decrement: counts are
 * coalesced per object per epoch. The old referents logged are also exactly what a
 * snapshot-at-the-beginning trace must see of a deleted edge. A weak slot (a reference's referent,
 * {@link WeakSlots}) is never counted, so its referent is no decrement (nor, being no strong edge, a
 * deleted edge of the snapshot).
 *
 * <p>{@link #stores} counts the slow paths (objects logged). One instance per mutator, used by its
 * thread; the log bits are shared and set with test-and-set; a pause reads and clears the buffers.
 */
final class FieldLoggingBarrier extends Barrier {
    private final ReferenceCounts counts;
    private final SideBitmap logged;
    private final WeakSlots weakSlots;
    private final LongArrayList modified = new LongArrayList();
    private final LongArrayList decrements = new LongArrayList();
    private long slowPaths;

    FieldLoggingBarrier(SimulatedMemory memory, ReferenceCounts counts, SideBitmap logged, WeakSlots weakSlots) {
        super(memory);
        this.counts = counts;
        this.logged = logged;
        this.weakSlots = weakSlots;
    }

    @Override
    protected void preWrite(long source, long slot, long target) {
        if (counts.count(source) == 0 || !logged.attemptSet(source)) {
            return;
        }
        slowPaths++;
        modified.add(source);
        int slots = ObjectModel.refSlots(memory, source);
        int weak = WeakSlots.slotOf(weakSlots.table(), ObjectModel.typeId(memory, source));
        long s = ObjectModel.slotAddress(source, 0);
        for (int j = 0; j < slots; j++, s += 8) {
            long old = memory.load(s);
            if (old != 0 && j != weak) {
                decrements.add(old);
            }
        }
    }

    /** Objects logged since the last pause, in the order of their first store. */
    LongArrayList modified() {
        return modified;
    }

    /** Their referents at their first store of the epoch. */
    LongArrayList decrements() {
        return decrements;
    }

    /** At the end of a pause: the logged objects lose their log bit and both buffers are emptied. */
    void clear() {
        for (int i = 0, n = modified.size(); i < n; i++) {
            logged.clear(modified.getLong(i));
        }
        modified.clear();
        decrements.clear();
    }

    @Override
    public long stores() {
        return slowPaths;
    }
}
