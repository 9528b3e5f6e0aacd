package org.jmmtk.core.scheduling;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Packs one mutator's root slots into root ProcessEdges packets. */
public final class ScanMutatorRoots extends WorkPacket<Collector> {
    private final Closure closure;
    private final int mutator;

    public ScanMutatorRoots(Closure closure, int mutator) {
        this.closure = closure;
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        EdgeBuffer roots = new EdgeBuffer(closure, worker, true);
        closure.scanning().scanMutatorRoots(mutator, roots);
        roots.flush();
    }
}
