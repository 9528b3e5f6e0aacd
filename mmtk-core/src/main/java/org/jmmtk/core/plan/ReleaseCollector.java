package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Designated to one worker: runs the plan's {@code releaseCollector} on its context (MMTk's {@code ReleaseCollector}). */
final class ReleaseCollector extends WorkPacket<Collector> {
    private final Plan plan;

    ReleaseCollector(Plan plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.releaseCollector(worker.context());
    }
}
