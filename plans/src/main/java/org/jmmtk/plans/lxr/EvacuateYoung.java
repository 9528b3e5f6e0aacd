package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.KeptReferences;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of an RC pause, one packet: every young object the closure gave a count
 * (its first increment: it survived its first epoch) is evacuated out of the blocks mutators filled
 * into the holes of recyclable blocks, then clean blocks the budget still allows, and keeps its count;
 * one the copy allocator has no room for stays where it is. Objects are taken mutator by mutator in
 * allocation order with the plan's one copy allocator, so where each goes does not depend on the
 * number of GC threads. Then, if anything moved, the RefForwarding pass redirects the only places
 * that can refer to a young object: the roots, the logged objects and the young objects themselves
 * (the dead ones too: plugins read what a freed object referred to, e.g. Merlin's last-reachable pass),
 * weak slots with the others: a survivor's weak slot then holds its referent's new address, and one
 * whose referent died young is cleared by the pause's reference processing, which notes every
 * surviving reference object whose weak slot holds a referent ({@link KeptReferences#note}).
 */
final class EvacuateYoung extends WorkPacket<Collector> {
    private final Lxr plan;
    private final boolean mark;

    /** {@code mark}: survivors get the mark of the snapshot trace this pause ends (allocated since the snapshot, they are live). */
    EvacuateYoung(Lxr plan, boolean mark) {
        this.plan = plan;
        this.mark = mark;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        Collector collector = worker.context();
        ReferenceCounts counts = plan.counts();
        ImmixSpace immix = plan.immixSpace();
        SimulatedMemory memory = plan.memory();
        LongArrayList survivors = new LongArrayList();
        LongArrayList dead = new LongArrayList();
        long moved = 0;
        long youngBytes = 0;
        long deadBytes = 0;
        KeptReferences references = plan.keptReferences();
        for (Mutator m : plan.mutators()) {
            LongArrayList young = ((LxrMutator) m).young();
            for (int i = 0, n = young.size(); i < n; i++) {
                long o = young.getLong(i);
                long bytes = ObjectModel.traceBytes(memory, o);
                youngBytes += bytes;
                if (counts.count(o) == 0) {
                    deadBytes += bytes;
                    dead.add(o);
                    continue;
                }
                if (immix.contains(o)) {
                    long to = immix.evacuateObject(o, collector);
                    if (to != 0) {
                        counts.move(o, to);
                        o = to;
                        moved++;
                    }
                }
                if (mark) {
                    ObjectModel.testAndMark(memory, o);
                }
                references.note(o);
                survivors.add(o);
            }
        }
        plan.youngSurvived(survivors.size(), moved);
        if (mark) {
            plan.allocatedDuringMarking(youngBytes, deadBytes);
            plan.scheduleReclaimUnmarked(worker);
        }
        if (moved > 0) {
            // dead young objects too: until the sweep frees them, what they refer to must be where it is
            survivors.addAll(dead);
            for (Mutator m : plan.mutators()) {
                survivors.addAll(((LxrMutator) m).fieldBarrier().modified());
            }
            plan.scheduleYoungForwarding(worker, survivors.toLongArray());
        }
    }
}
