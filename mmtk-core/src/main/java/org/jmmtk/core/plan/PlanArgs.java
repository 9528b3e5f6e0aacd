package org.jmmtk.core.plan;

import org.jmmtk.core.heap.GcTrigger;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.vm.Collection;
import org.jmmtk.core.vm.Scanning;

/**
 * Everything a plan is built from (mmtk-core's {@code CreateGeneralPlanArgs}): the heap its spaces
 * share, the trigger that owns the budget, the heap size its spaces' extents scale with, the GC worker
 * count and packet capacity, and the binding's scanning, stop/resume services and mutators.
 *
 * @param activePlan   the binding's mutators, which the plan's packets prepare, release and scan
 * @param logMoves     whether GC workers log (id, new address) of the objects they move, for the binding
 * @param sanity       whether plans verify their own invariants (e.g. remembered sets) at each collection
 * @param planOptions  the values of the options the plan's provider declares ({@link PlanProvider#options})
 */
public record PlanArgs(HeapServices heap, GcTrigger trigger, long heapBytes, int gcThreads, int packetCapacity,
                       Scanning scanning, Collection collection, ActivePlan activePlan, boolean logMoves,
                       boolean sanity, PlanOptionValues planOptions) {
}
