package org.jmmtk.core.plan;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Runs {@link Mutator#release} on one stopped mutator (MMTk's {@code ReleaseMutator}). */
final class ReleaseMutator extends WorkPacket {
    private final Mutator mutator;

    ReleaseMutator(Mutator mutator) {
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker worker) {
        mutator.release();
    }
}
