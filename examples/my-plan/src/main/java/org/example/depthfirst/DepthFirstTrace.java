package org.example.depthfirst;

import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.policy.TraceLocal;
import org.jmmtk.core.scheduling.ObjectTrace;

/**
 * The trace of {@link DepthFirst}: traces an edge's target through its space's policy and then,
 * before returning, everything that object reaches first, depth first on the worker's
 * {@link DepthFirstStack}. The root packets call it; no further closure packets are made. Called by
 * every GC worker in parallel; the per-worker state is in each worker's stack.
 */
final class DepthFirstTrace implements ObjectTrace {
    private final SpaceTable spaces;

    DepthFirstTrace(SpaceTable spaces) {
        this.spaces = spaces;
    }

    @Override
    public long traceObject(long object, TraceLocal local) {
        DepthFirstStack stack = ((DepthFirstCollector) local).stack();
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
