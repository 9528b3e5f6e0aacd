package org.example.depthfirst;

import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectTrace;

/**
 * The trace of {@link DepthFirst}: traces an edge's target through its space's policy and then,
 * before returning, everything that object reaches first, depth first on the worker's
 * {@link DepthFirstStack}. The root packets call it; no further closure packets are made. Called by
 * every GC worker in parallel; each worker's stack is made on that worker's thread when its collector
 * is ({@link #addWorker}) and used only by that worker, found by the collector's ordinal.
 */
final class DepthFirstTrace implements ObjectTrace {
    private final SpaceTable spaces;
    private final DepthFirstStack[] stacks;

    DepthFirstTrace(SpaceTable spaces, int workers) {
        this.spaces = spaces;
        this.stacks = new DepthFirstStack[workers];
    }

    /** Gives {@code collector}'s worker its stack; called on that worker's thread. */
    void addWorker(Collector collector, DepthFirstStack stack) {
        stacks[collector.ordinal()] = stack;
    }

    @Override
    public long traceObject(long object, Collector collector) {
        DepthFirstStack stack = stacks[collector.ordinal()];
        long traced = traceOne(object, stack);
        stack.drain(this);
        return traced;
    }

    /** Copies or marks {@code object} through its space's policy; {@code stack} receives it if it was first. */
    long traceOne(long object, DepthFirstStack stack) {
        Space space = spaces.spaceOf(object);
        if (space == null) {
            throw new IllegalStateException(String.format("traced 0x%x, which is in no space", object));
        }
        return space.traceObject(object, stack);
    }
}
