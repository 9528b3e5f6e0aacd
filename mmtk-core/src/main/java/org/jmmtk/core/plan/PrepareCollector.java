package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Designated to one worker: sets its context's reference discovery for the collection and runs the plan's {@code prepareCollector} on it (MMTk's {@code PrepareCollector}). */
final class PrepareCollector extends WorkPacket<Collector> {
    private final Plan plan;
    private final int[] weakSlots;

    PrepareCollector(Plan plan, int[] weakSlots) {
        this.plan = plan;
        this.weakSlots = weakSlots;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        worker.context().discoverReferences(weakSlots);
        plan.prepareCollector(worker.context());
    }
}
