package org.jmmtk.core.policy;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Sweeps one range of blocks of an Immix space; a collection splits the space among many. */
public final class SweepImmixBlocks extends WorkPacket {
    /** Blocks per packet, as {@link SweepBlocks}. */
    public static final int BLOCKS_PER_PACKET = SweepBlocks.BLOCKS_PER_PACKET;

    private final ImmixSpace space;
    private final int from;
    private final int to;

    public SweepImmixBlocks(ImmixSpace space, int from, int to) {
        this.space = space;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker worker) {
        space.sweep(from, to);
    }
}
