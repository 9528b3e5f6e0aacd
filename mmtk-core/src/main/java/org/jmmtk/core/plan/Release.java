package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Global release, then a ReleaseMutator per mutator and, when the plan has per-worker release work
 * ({@link CollectorDesignation#release}), a ReleaseCollector designated to each worker.
 */
final class Release extends WorkPacket<Collector> {
    private final Plan plan;
    private final CollectionKind kind;

    Release(Plan plan, CollectionKind kind) {
        this.plan = plan;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.releaseAll(worker, kind);
        for (Mutator m : plan.mutators()) {
            worker.addWork(Stage.RELEASE, new ReleaseMutator(m));
        }
        if (plan.designation().release()) {
            for (int i = 0; i < worker.scheduler().workerCount(); i++) {
                worker.addDesignated(i, new ReleaseCollector(plan));
            }
        }
    }
}
