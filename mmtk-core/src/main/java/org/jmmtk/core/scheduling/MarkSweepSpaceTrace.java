package org.jmmtk.core.scheduling;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.MarkSweepSpace;

/**
 * The full-heap trace of a plan whose objects are nearly all in one {@link MarkSweepSpace}: marking fused
 * with scanning in the closure packet's loop. An object of that space (told by its address) has its side
 * mark bit set, and if this worker set it, its header read once for its slots, which are pushed at once,
 * and its size, counted in the worker's {@link Collector} (not in locals: two more values live through
 * the loop made it spill, and on the {@code random} graph the loop took about 1.25x the floor's thread
 * CPU against 1.05-1.10x; docs/design.md); objects of other spaces go to {@code others}. {@link #traceObject}
 * does the same one object at a time (through {@link MarkSweepSpace#traceObject}).
 *
 * <p>Stateless; called by every GC worker in parallel, each on its own {@link Collector}.
 */
public final class MarkSweepSpaceTrace implements FusedTrace {
    private final MarkSweepSpace space;
    private final ObjectTrace others;

    /** Traces {@code space}'s objects itself and every other object with {@code others}. */
    public MarkSweepSpaceTrace(MarkSweepSpace space, ObjectTrace others) {
        this.space = space;
        this.others = others;
    }

    @Override
    public long traceObject(long object, Collector collector) {
        return space.contains(object) ? space.traceObject(object, collector) : others.traceObject(object, collector);
    }

    @Override
    public int traceEdges(Collector collector, SimulatedMemory memory, int budget) {
        MarkSweepSpace ms = space;
        long[] stack = collector.edgeStack();
        int top = collector.edgesLeft();
        int traced = 0;
        while (top > 0 && traced < budget) {
            long slot = stack[--top];
            traced++;
            long object = memory.load(slot);
            if (object == 0) {
                continue;
            }
            if (ms.contains(object)) {
                if (ms.attemptMark(object)) {
                    long status = memory.load(object + ObjectModel.STATUS_OFFSET);
                    collector.countMarked(1, ObjectModel.traceBytesOfStatus(status));
                    int slots = ObjectModel.refSlotsOfStatus(status);
                    if (top + slots > stack.length) {
                        stack = collector.growEdgeStack(top + slots);
                    }
                    top = collector.pushScanned(stack, top, object, slots);
                }
                continue;
            }
            top = collector.traceElsewhere(others, memory, slot, object, top);
            stack = collector.edgeStack();
        }
        collector.setEdgesLeft(top);
        return traced;
    }
}
