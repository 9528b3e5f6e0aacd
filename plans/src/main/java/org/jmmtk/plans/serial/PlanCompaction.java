package org.jmmtk.plans.serial;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a full collection, one packet (HotSpot's serial
 * {@code prepare_for_compaction}, one thread): computes where each survivor of the old generation
 * slides to (those of the dense prefix of dead wood, {@link Serial#densePrefixEnd}, stay), frees its dead objects, and places the young generation's survivors after them
 * ({@link Serial#placeYoung}); then schedules the redirection of every reference (RefForwarding) and
 * the moves ({@link CompactAll}).
 */
final class PlanCompaction extends WorkPacket<Collector> {
    private final Serial plan;

    PlanCompaction(Serial plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.oldSpace().calculateForwarding(plan.densePrefixEnd());
        long[] young = plan.placeYoung();
        plan.scheduleFullForwarding(worker);
        worker.addWork(Stage.COMPACT, new CompactAll(plan, young));
    }
}
