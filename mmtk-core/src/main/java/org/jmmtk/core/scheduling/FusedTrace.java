package org.jmmtk.core.scheduling;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * A trace that also runs a closure packet's edge loop itself, specialised to the policy of the one space
 * nearly every traced object is in (mmtk-core's plan-specific {@code ProcessEdgesWork}): that space's
 * objects are told by their address and traced, scanned and counted inside the loop, with the edge
 * stack's top in a local that is published once per packet (and the counters, where that is faster); every other object goes
 * through {@link #traceObject}, exactly as {@link ProcessEdges}' generic loop would trace it. The results
 * (objects reached, counts, the order edges are pushed) are those of the generic loop.
 *
 * <p>Called by every GC worker in parallel, each on its own {@link Collector}.
 */
public interface FusedTrace extends ObjectTrace {
    /**
     * Pops and traces edges from {@code collector}'s edge stack, pushing the slots of the objects it
     * reaches first, until the stack is empty or {@code budget} edges were traced; returns how many were.
     * Counts what it marked or copied in {@code collector}, not the edges (the packet does).
     */
    int traceEdges(Collector collector, SimulatedMemory memory, int budget);
}
