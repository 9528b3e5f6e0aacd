package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Designated to one worker: runs the plan's {@code prepareCollector} on its context (MMTk's {@code PrepareCollector}). */
final class PrepareCollector extends WorkPacket<Collector> {
    private final Plan plan;

    PrepareCollector(Plan plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.prepareCollector(worker.context());
    }
}
