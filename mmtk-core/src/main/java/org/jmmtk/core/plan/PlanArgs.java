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
 * @param nurseryBytes the nursery size a generational plan was asked for, 0 for its default
 * @param windowBytes  the collection window an Older-First plan was asked for, 0 for its default
 * @param sanity       whether plans verify their own invariants (e.g. remembered sets) at each collection
 * @param survivorRatio        eden over one survivor space, for plans with survivor spaces
 * @param maxTenuringThreshold the age at which such a plan promotes at the latest (0 to 15)
 */
public record PlanArgs(HeapServices heap, GcTrigger trigger, long heapBytes, int gcThreads, int packetCapacity,
                       Scanning scanning, Collection collection, ActivePlan activePlan, boolean logMoves,
                       long nurseryBytes, long windowBytes, boolean sanity, int survivorRatio,
                       int maxTenuringThreshold) {
}
