package org.jmmtk.plans.refcount;

import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Zeroes the reference counts and ZCT bits of one address range in the Prepare stage of a cycle
 * collection, whose trace then recomputes every count. Ranges of different packets do not overlap.
 */
public final class ClearCounts extends WorkPacket<Collector> {
    private final ReferenceCounts counts;
    private final long from;
    private final long to;

    public ClearCounts(ReferenceCounts counts, long from, long to) {
        this.counts = counts;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        counts.clearRange(from, to);
    }
}
