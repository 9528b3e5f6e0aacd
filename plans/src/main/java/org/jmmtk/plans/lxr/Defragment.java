package org.jmmtk.plans.lxr;

import org.jmmtk.core.policy.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a full or emergency collection that defragments, one packet: evacuates
 * the marked objects of Immix's source blocks in address order (as immix does), then, if anything
 * moved, schedules the RefForwarding pass and the packets that carry each moved object's count to its
 * new place. An emergency collection compacts: its sources are the blocks this collection's marks show
 * sparsest, as many as the others' free lines take ({@link ImmixSpace#chooseSparsestSources}), and a
 * medium object with no room does not end the evacuation.
 */
final class Defragment extends WorkPacket<Collector> {
    private final Lxr plan;
    private final boolean compact;

    Defragment(Lxr plan, boolean compact) {
        this.plan = plan;
        this.compact = compact;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        ImmixSpace immix = plan.immixSpace();
        if (compact && immix.chooseSparsestSources() == 0) {
            return;
        }
        long moved = immix.evacuate(worker.context(), compact);
        plan.defragmented(moved);
        if (moved > 0) {
            plan.scheduleFullForwarding(worker);
        }
    }
}
