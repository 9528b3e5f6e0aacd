package org.jmmtk.core.plan;

import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.vm.Collection;
import org.jmmtk.core.vm.Scanning;

/**
 * Everything a plan is built from (mmtk-core's {@code CreateGeneralPlanArgs}): the heap its spaces
 * share, the budget, the GC worker count and packet capacity, and the binding's scanning and
 * stop/resume services.
 *
 * @param logMoves     whether GC workers log (id, new address) of the objects they move, for the binding
 * @param sanity       whether plans verify their own invariants (e.g. remembered sets) at each collection
 * @param planOptions  the values of the options the plan's provider declares ({@link PlanProvider#options})
 */
public record PlanArgs(HeapServices heap, long heapBytes, int gcThreads, int packetCapacity, Scanning scanning,
                       Collection collection, boolean logMoves, boolean sanity, PlanOptionValues planOptions) {
}
