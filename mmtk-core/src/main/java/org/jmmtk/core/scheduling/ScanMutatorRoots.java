package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Packs one mutator's root slots into root ProcessEdges packets. */
public final class ScanMutatorRoots extends WorkPacket {
    private final MMTK mmtk;
    private final Mutator mutator;

    public ScanMutatorRoots(MMTK mmtk, Mutator mutator) {
        this.mmtk = mmtk;
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker worker) {
        EdgeBuffer roots = new EdgeBuffer(mmtk, worker, true);
        mmtk.binding().scanMutatorRoots(mutator, roots);
        roots.flush();
    }
}
