package org.example.depthfirst;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.scheduling.Collector;

/** A GC worker's context in {@link DepthFirst}: the usual one plus the worker's depth-first stack. */
final class DepthFirstCollector extends Collector {
    private final DepthFirstStack stack;

    DepthFirstCollector(int ordinal, PlanArgs args, SimulatedMemory memory) {
        super(ordinal, args.packetCapacity(), memory, args.heap().plugins(), args.logMoves());
        this.stack = new DepthFirstStack(this, memory);
    }

    DepthFirstStack stack() {
        return stack;
    }
}
