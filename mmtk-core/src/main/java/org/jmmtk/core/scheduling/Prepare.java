package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/** Global prepare, then a PrepareMutator per mutator and a PrepareCollector designated to each worker. */
public final class Prepare extends WorkPacket {
    private final MMTK mmtk;
    private final CollectionKind kind;

    public Prepare(MMTK mmtk, CollectionKind kind) {
        this.mmtk = mmtk;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.plan().prepare(worker, kind);
        for (Mutator m : mmtk.binding().mutators()) {
            worker.addWork(Stage.PREPARE, new PrepareMutator(m));
        }
        for (int i = 0; i < worker.scheduler().workerCount(); i++) {
            worker.addDesignated(i, new PrepareCollector(mmtk));
        }
    }
}
