package org.jmmtk.core.scheduling;

import org.jmmtk.core.plan.Mutator;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Rebinds one stopped mutator's allocators to where allocation continues after the collection. */
public final class ReleaseMutator extends WorkPacket {
    private final Mutator mutator;

    public ReleaseMutator(Mutator mutator) {
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker worker) {
        mutator.release();
    }
}
