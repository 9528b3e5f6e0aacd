package org.jmmtk.plans.markcompact;

import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Compact stage, one packet: slides every live object of the mark-compact space down to its new
 * address, in address order (an object's new place may overlap the old places of those before it).
 */
final class Compact extends WorkPacket<Collector> {
    private final MarkCompactSpace mc;

    Compact(MarkCompactSpace mc) {
        this.mc = mc;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        mc.compact(0, mc.liveCount(), worker.context());
    }
}
