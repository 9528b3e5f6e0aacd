package org.jmmtk.plans.immix;

import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a defragmenting collection, one packet: evacuates the marked objects
 * of the source blocks in address order through this worker's copy allocator
 * ({@link ImmixSpace#evacuate}), then, if anything moved, schedules the RefForwarding pass that
 * redirects every reference to the moved objects. One packet, so where each object goes does not
 * depend on the number of GC threads.
 */
final class Evacuate extends WorkPacket<Collector> {
    private final Immix plan;

    Evacuate(Immix plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        long moved = plan.immixSpace().evacuate(worker.context());
        plan.evacuated(moved);
        if (moved > 0) {
            plan.scheduleRefForwarding(worker);
        }
    }
}
