package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/** Stops the mutators, then schedules scanning of every mutator's roots and of the global roots. */
public final class StopMutators extends WorkPacket {
    private final MMTK mmtk;

    public StopMutators(MMTK mmtk) {
        this.mmtk = mmtk;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.binding().stopAllMutators();
        for (Mutator m : mmtk.binding().mutators()) {
            worker.addWork(Stage.PREPARE, new ScanMutatorRoots(mmtk, m));
        }
        worker.addWork(Stage.PREPARE, new ScanGlobalRoots(mmtk));
    }
}
