package org.jmmtk.plans.lxr;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of a full collection that interrupts a snapshot trace: clears the marks that trace
 * left on the objects of one range, so the full trace starts from none.
 */
final class ClearMarks extends WorkPacket<Collector> {
    private final SimulatedMemory memory;
    private final Space space;
    private final long from;
    private final long to;

    ClearMarks(SimulatedMemory memory, Space space, long from, long to) {
        this.memory = memory;
        this.space = space;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        space.walkObjects(from, to, o -> ObjectModel.clearMark(memory, o));
    }
}
