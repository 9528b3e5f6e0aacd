package org.jmmtk.plans.refcount;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.MarkSweepSpace;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * The heart of an RC collection (Deutsch and Bobrow's ZCT reconciliation), one packet in the Release
 * stage, after the roots were counted: every ZCT entry whose count is still zero is garbage and is
 * freed; freeing an object decrements its children, and a child that reaches zero is freed too,
 * through an explicit work list (a long dead list must not overflow the Java stack); a weak slot is
 * not counted, so it decrements nothing. Then the weak slots whose referents were freed are cleared
 * ({@link RefCount#resolveReferences}), the root counts are undone (objects left at zero enter the ZCT
 * for the next collection), and packets relink the free cells of the free-list space.
 *
 * <p>One packet, so the order of freeing, and with it everything the collection leaves, is the same
 * for any number of GC threads; which objects are freed does not depend on the order anyway.
 */
final class ProcessZct extends WorkPacket<Collector> {
    private final RefCount plan;

    ProcessZct(RefCount plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        LongArrayList entries = plan.zctEntries();
        plan.zct().clear();
        for (Mutator m : plan.mutators()) {
            m.barrier().rememberedSet().clear();
        }
        SimulatedMemory memory = plan.memory();
        SideBitmap valid = plan.heap().validObjects();
        ReferenceCounts counts = plan.counts();
        int[] weakSlots = plan.weakSlotTable();
        LongArrayList work = new LongArrayList();
        for (int i = 0, n = entries.size(); i < n; i++) {
            long entry = entries.getLong(i);
            // freed earlier in this loop as some other object's child
            if (!valid.get(entry)) {
                continue;
            }
            counts.leaveZct(entry);
            if (counts.count(entry) != 0) {
                continue;
            }
            work.add(entry);
            while (!work.isEmpty()) {
                long object = work.removeLong(work.size() - 1);
                int slots = ObjectModel.refSlots(memory, object);
                // its weak slot was never counted
                int weak = WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, object));
                for (int j = 0; j < slots; j++) {
                    long child = memory.load(ObjectModel.slotAddress(object, j));
                    if (child != 0 && j != weak && counts.decrement(child)) {
                        work.add(child);
                    }
                }
                free(object);
            }
        }
        plan.resolveReferences();
        plan.undoRootCounts();
        SweepBlocks.schedule(worker, plan.freeListSpace().reclaimedCells());
    }

    private void free(long object) {
        plan.counts().leaveZct(object);
        MarkSweepSpace ms = plan.freeListSpace();
        LargeObjectSpace los = plan.largeObjectSpace();
        if (ms.contains(object)) {
            ms.freeObject(object);
        } else if (los.contains(object)) {
            los.freeObject(object);
        } else {
            throw new IllegalStateException(String.format("reference counting freed 0x%x, outside its spaces", object));
        }
    }
}
