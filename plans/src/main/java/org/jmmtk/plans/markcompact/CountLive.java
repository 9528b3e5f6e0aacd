package org.jmmtk.plans.markcompact;

import java.util.concurrent.atomic.AtomicInteger;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage, first pass, one packet per address-ordered region of the mark-compact
 * space: adds up the region's survivors and frees its dead objects. The last region counted goes on
 * with the forwarding computation ({@link CalculateForwarding#regionsCounted}).
 */
final class CountLive extends WorkPacket<Collector> {
    private final MarkCompact plan;
    private final int region;
    private final AtomicInteger remaining;

    CountLive(MarkCompact plan, int region, AtomicInteger remaining) {
        this.plan = plan;
        this.region = region;
        this.remaining = remaining;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.markCompactSpace().countLive(region);
        if (remaining.decrementAndGet() == 0) {
            CalculateForwarding.regionsCounted(plan, worker);
        }
    }
}
