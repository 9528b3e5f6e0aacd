package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage of a final-satb pause (scheduled by its {@link EvacuateYoung}), once the snapshot trace is complete and the young
 * survivors are marked: every object of one range that has a count but no mark was unreachable at the
 * snapshot and is dead (garbage cycles, which reference counting alone never frees). Its count drops
 * to zero, so the sweep frees it, and the references it held to marked objects (but its weak slot's,
 * never counted) become decrements
 * (a Compact-stage {@link ProcessDecrements} packet), so the survivors' counts stay exact. References
 * between dead objects are simply dropped: both go. The marked objects' trace bytes are summed for
 * the cycle's {@code markedBytes}.
 */
final class ReclaimUnmarked extends WorkPacket<Collector> {
    private final Lxr plan;
    private final Space space;
    private final long from;
    private final long to;

    ReclaimUnmarked(Lxr plan, Space space, long from, long to) {
        this.plan = plan;
        this.space = space;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        SimulatedMemory memory = plan.memory();
        ReferenceCounts counts = plan.counts();
        LongArrayList decrements = new LongArrayList();
        long[] counted = {0, 0}; // dead objects, marked bytes
        int[] weakSlots = plan.weakSlotTable();
        space.walkObjects(from, to, o -> {
            if (ObjectModel.isForwarded(memory, o)) {
                return;
            }
            if (ObjectModel.isMarked(memory, o)) {
                counted[1] += ObjectModel.traceBytes(memory, o);
                return;
            }
            if (counts.count(o) == 0) {
                return;
            }
            counts.initialize(o);
            counted[0]++;
            int slots = ObjectModel.refSlots(memory, o);
            int weak = weakSlots == null ? -1 : WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, o));
            long slot = ObjectModel.slotAddress(o, 0);
            for (int j = 0; j < slots; j++, slot += 8) {
                long child = memory.load(slot);
                if (child != 0 && j != weak && ObjectModel.isMarked(memory, child)) {
                    decrements.add(child);
                }
            }
        });
        plan.diedInCycles(counted[0], counted[1]);
        if (!decrements.isEmpty()) {
            worker.addWork(Stage.COMPACT, new ProcessDecrements(plan, decrements.toLongArray(), 0, decrements.size(), true));
        }
    }
}
