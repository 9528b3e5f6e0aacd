package org.jmmtk.core.scheduling;

import org.jmmtk.core.plan.Mutator;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Makes one stopped mutator give up its thread-local allocation state. */
public final class PrepareMutator extends WorkPacket {
    private final Mutator mutator;

    public PrepareMutator(Mutator mutator) {
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker worker) {
        mutator.prepare();
    }
}
