package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ScanGlobalRoots;
import org.jmmtk.core.scheduling.ScanMutatorRoots;
import org.jmmtk.core.vm.Collection;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/** Stops the mutators, then schedules scanning of every mutator's roots and of the global roots. */
final class StopMutators extends WorkPacket<Collector> {
    private final Plan plan;
    private final Collection collection;
    private final Closure closure;

    StopMutators(Plan plan, Collection collection, Closure closure) {
        this.plan = plan;
        this.collection = collection;
        this.closure = closure;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        collection.stopAllMutators();
        for (Mutator m : plan.mutators()) {
            worker.addWork(Stage.PREPARE, new ScanMutatorRoots(closure, m.ordinal()));
        }
        worker.addWork(Stage.PREPARE, new ScanGlobalRoots(closure));
    }
}
