package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Global prepare, then a PrepareMutator per mutator and, when there is per-worker work
 * ({@link CollectorDesignation#prepare}), a PrepareCollector designated to each worker.
 */
final class Prepare extends WorkPacket<Collector> {
    private final Plan plan;
    private final CollectionKind kind;
    private final int[] weakSlots;

    /** @param weakSlots the weak-slot table the workers discover references with, or null (all slots strong) */
    Prepare(Plan plan, CollectionKind kind, int[] weakSlots) {
        this.plan = plan;
        this.kind = kind;
        this.weakSlots = weakSlots;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.prepare(worker, kind);
        for (Mutator m : plan.mutators()) {
            worker.addWork(Stage.PREPARE, new PrepareMutator(m));
        }
        if (plan.designation().prepare(weakSlots)) {
            for (int i = 0; i < worker.scheduler().workerCount(); i++) {
                worker.addDesignated(i, new PrepareCollector(plan, weakSlots));
            }
        }
    }
}
