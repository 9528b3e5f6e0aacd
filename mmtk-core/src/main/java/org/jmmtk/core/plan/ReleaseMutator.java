package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Runs {@link Mutator#release} on one stopped mutator (MMTk's {@code ReleaseMutator}). */
final class ReleaseMutator extends WorkPacket<Collector> {
    private final Mutator mutator;

    ReleaseMutator(Mutator mutator) {
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        mutator.release();
    }
}
