package org.jmmtk.plans.markcompact;

import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage, second pass, one packet per address-ordered region of the mark-compact
 * space: gives the region's survivors their new addresses, from where the regions before it end.
 */
final class AssignForwarding extends WorkPacket<Collector> {
    private final MarkCompactSpace mc;
    private final int region;

    AssignForwarding(MarkCompactSpace mc, int region) {
        this.mc = mc;
        this.region = region;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        mc.assignForwarding(region);
    }
}
