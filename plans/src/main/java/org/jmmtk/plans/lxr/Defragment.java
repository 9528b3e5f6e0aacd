package org.jmmtk.plans.lxr;

import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a full collection that defragments, one packet: evacuates the marked
 * objects of Immix's source blocks in address order (as immix does), then, if anything moved,
 * schedules the RefForwarding pass and the packets that carry each moved object's count to its new
 * place. (An emergency collection slides the space instead: {@link org.jmmtk.core.scheduling.SlideImmix}.)
 */
final class Defragment extends WorkPacket<Collector> {
    private final Lxr plan;

    Defragment(Lxr plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        ImmixSpace immix = plan.immixSpace();
        long moved = immix.evacuate(worker.context());
        plan.defragmented(moved);
        if (moved > 0) {
            plan.scheduleFullForwarding(worker);
        }
    }
}
