package org.jmmtk.plans.serial;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Compact stage of a full collection, one packet: slides the old generation's survivors down, then
 * moves the young generation's survivors into the room after them (address order: each move's
 * target is free by then).
 */
final class CompactAll extends WorkPacket<Collector> {
    private final Serial plan;
    private final long[] young;

    CompactAll(Serial plan, long[] young) {
        this.plan = plan;
        this.young = young;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        Collector collector = worker.context();
        plan.oldSpace().compact(0, plan.oldSpace().liveCount(), collector);
        plan.moveYoung(young, collector);
    }
}
