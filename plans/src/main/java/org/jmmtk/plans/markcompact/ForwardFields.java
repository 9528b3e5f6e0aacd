package org.jmmtk.plans.markcompact;

import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage: redirects the reference fields of one range of the mark-compact space's live
 * objects (indices in address order); the ranges are disjoint, so these packets run in parallel.
 */
final class ForwardFields extends WorkPacket<Collector> {
    private final MarkCompactSpace mc;
    private final int from;
    private final int to;

    ForwardFields(MarkCompactSpace mc, int from, int to) {
        this.mc = mc;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        mc.updateReferences(from, to);
    }
}
