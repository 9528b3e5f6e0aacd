package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Compact stage of an RC pause, after every increment and the young evacuation: applies one slice of
 * the epoch's decrements (the referents the barriers logged, and the previous pause's root
 * referents). An object whose count reaches zero is dead: its referents are decremented in turn,
 * through an explicit work list (a long dead list must not overflow a GC thread's stack), but not through
 * its weak slot, which was never counted; its memory
 * is reclaimed by the Release stage's sweep, which frees every object left at zero. Counts are atomic
 * and the set of objects that reach zero does not depend on the order, so packets run in parallel.
 */
final class ProcessDecrements extends WorkPacket<Collector> {
    /** Decrements per packet. */
    static final int CHUNK = 4096;

    private final Lxr plan;
    private final long[] decrements;
    private final int from;
    private final int to;
    private final boolean skipUnmarked;

    /**
     * Decrements {@code decrements[from, to)}; {@code skipUnmarked} in a final-satb pause, where an
     * unmarked object is dead by the trace and its count was zeroed already ({@link ReclaimUnmarked}).
     */
    ProcessDecrements(Lxr plan, long[] decrements, int from, int to, boolean skipUnmarked) {
        this.plan = plan;
        this.decrements = decrements;
        this.from = from;
        this.to = to;
        this.skipUnmarked = skipUnmarked;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        SimulatedMemory memory = plan.memory();
        ReferenceCounts counts = plan.counts();
        LongArrayList work = new LongArrayList();
        int[] weakSlots = plan.weakSlotTable();
        long died = 0;
        for (int i = from; i < to; i++) {
            long target = decrements[i];
            if (skipUnmarked && !ObjectModel.isMarked(memory, target) || !counts.decrement(target)) {
                continue;
            }
            work.add(target);
            while (!work.isEmpty()) {
                long object = work.removeLong(work.size() - 1);
                died++;
                int slots = ObjectModel.refSlots(memory, object);
                int weak = weakSlots == null ? -1 : WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, object));
                long slot = ObjectModel.slotAddress(object, 0);
                for (int j = 0; j < slots; j++, slot += 8) {
                    long child = memory.load(slot);
                    if (child != 0 && j != weak && !(skipUnmarked && !ObjectModel.isMarked(memory, child))
                            && counts.decrement(child)) {
                        work.add(child);
                    }
                }
            }
        }
        plan.died(died);
    }
}
