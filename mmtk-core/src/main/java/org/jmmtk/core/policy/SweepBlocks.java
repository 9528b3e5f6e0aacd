package org.jmmtk.core.policy;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/** Sweeps one range of blocks of a mark-sweep or Immix space; a collection splits the space among many. */
public final class SweepBlocks extends WorkPacket<Collector> {
    /**
     * Blocks per packet: 32 blocks are 2 MiB of heap with MMTk's 64 KiB blocks, so a 48 MiB heap sweeps
     * in 24 packets (with 256, one packet swept most of the live blocks and was the longest packet on
     * the pause's critical path). The split does not depend on the number of GC threads.
     */
    public static final int BLOCKS_PER_PACKET = 32;

    private final BlockSweepable space;
    private final int from;
    private final int to;

    public SweepBlocks(BlockSweepable space, int from, int to) {
        this.space = space;
        this.from = from;
        this.to = to;
    }

    /** Adds, to the Release stage, packets that together sweep every block {@code space} has used. */
    public static void schedule(GCWorker<Collector> worker, BlockSweepable space) {
        int limit = space.blockLimit();
        for (int from = 0; from < limit; from += BLOCKS_PER_PACKET) {
            worker.addWork(Stage.RELEASE, new SweepBlocks(space, from, Math.min(limit, from + BLOCKS_PER_PACKET)));
        }
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        space.sweep(from, to);
    }
}
