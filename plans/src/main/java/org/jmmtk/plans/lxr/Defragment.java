package org.jmmtk.plans.lxr;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a full or emergency collection that defragments, one packet: evacuates
 * the marked objects of Immix's source blocks in address order (as immix does), then, if anything
 * moved, schedules the RefForwarding pass and the packets that carry each moved object's count to its
 * new place.
 */
final class Defragment extends WorkPacket<Collector> {
    private final Lxr plan;

    Defragment(Lxr plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        long moved = plan.immixSpace().evacuate(worker.context());
        plan.defragmented(moved);
        if (moved > 0) {
            plan.scheduleFullForwarding(worker);
        }
    }
}
