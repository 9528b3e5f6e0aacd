package org.jmmtk.plans.refcount;

import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.policy.BlockSweepable;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Zeroes the reference counts and ZCT bits of one address range in the Prepare stage of a cycle
 * collection, whose trace then recomputes every count. Ranges of different packets do not overlap.
 */
final class ClearCounts extends WorkPacket {
    private final ReferenceCounts counts;
    private final long from;
    private final long to;

    private ClearCounts(ReferenceCounts counts, long from, long to) {
        this.counts = counts;
        this.from = from;
        this.to = to;
    }

    /** Packets covering every space of {@code plan}, block-structured ones in chunks of {@link SweepBlocks#BLOCKS_PER_PACKET} blocks. */
    static void schedule(GCWorker worker, RefCount plan) {
        long blockBytes = plan.heap().geometry().blockBytes();
        for (Space s : plan.spaces()) {
            long end = s.end();
            long chunk = end - s.start();
            if (s instanceof BlockSweepable blocks) {
                end = s.start() + blocks.blockLimit() * blockBytes;
                chunk = SweepBlocks.BLOCKS_PER_PACKET * blockBytes;
            }
            for (long from = s.start(); from < end; from += chunk) {
                worker.addWork(Stage.PREPARE, new ClearCounts(plan.counts(), from, Math.min(end, from + chunk)));
            }
        }
    }

    @Override
    public void execute(GCWorker worker) {
        counts.clearRange(from, to);
    }
}
