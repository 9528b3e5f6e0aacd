package org.jmmtk.plans.lxr;

import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage of a full collection that defragmented: the counts the trace gave objects at
 * their old places follow them to the new (side metadata does not move with an object). One packet
 * per range of Immix blocks; ranges do not overlap, and a copy's place held no live object.
 */
final class TransferCounts extends WorkPacket<Collector> {
    private final SimulatedMemory memory;
    private final SideBitmap valid;
    private final ReferenceCounts counts;
    private final long from;
    private final long to;

    TransferCounts(SimulatedMemory memory, SideBitmap valid, ReferenceCounts counts, long from, long to) {
        this.memory = memory;
        this.valid = valid;
        this.counts = counts;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        for (long o = valid.next(from, to); o >= 0; o = valid.next(o + 8, to)) {
            if (ObjectModel.isForwarded(memory, o)) {
                counts.move(o, ObjectModel.forwardee(memory, o));
            }
        }
    }
}
