package org.jmmtk.plans.markcompact;

import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** RefForwarding stage: redirects one mutator's root slots (or the global ones) into the mark-compact space. */
final class ForwardRoots extends WorkPacket {
    /** The mutator ordinal that stands for the global roots. */
    static final int GLOBAL = -1;

    private final MarkCompact plan;
    private final int mutator;

    ForwardRoots(MarkCompact plan, int mutator) {
        this.plan = plan;
        this.mutator = mutator;
    }

    @Override
    public void execute(GCWorker worker) {
        MarkCompactSpace mc = plan.markCompactSpace();
        if (mutator == GLOBAL) {
            plan.scanning().scanGlobalRoots(mc::updateSlot);
        } else {
            plan.scanning().scanMutatorRoots(mutator, mc::updateSlot);
        }
    }
}
