package org.jmmtk.plans.olderfirst;

import org.jmmtk.core.policy.AgeOrderedSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Compact stage, one packet: slides the window's survivors to their new addresses in age order (a
 * survivor's new place may overlap the old places of those before it).
 */
final class CompactWindow extends WorkPacket<Collector> {
    private final AgeOrderedSpace space;

    CompactWindow(AgeOrderedSpace space) {
        this.space = space;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        space.compact(worker.context());
    }
}
