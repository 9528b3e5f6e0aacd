package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Runs {@link Mutator#prepare} on one stopped mutator (MMTk's {@code PrepareMutator}). */
final class PrepareMutator extends WorkPacket<Collector> {
    private final Mutator mutator;

    PrepareMutator(Mutator mutator) {
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        mutator.prepare();
    }
}
