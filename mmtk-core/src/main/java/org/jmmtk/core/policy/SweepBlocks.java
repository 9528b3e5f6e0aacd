package org.jmmtk.core.policy;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Sweeps one range of blocks of a mark-sweep space; a collection splits the space among many. */
public final class SweepBlocks extends WorkPacket {
    /** Blocks per packet: 256 blocks are 16 MiB of heap with MMTk's 64 KiB blocks. */
    public static final int BLOCKS_PER_PACKET = 256;

    private final MarkSweepSpace space;
    private final int from;
    private final int to;

    public SweepBlocks(MarkSweepSpace space, int from, int to) {
        this.space = space;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker worker) {
        space.sweep(from, to);
    }
}
