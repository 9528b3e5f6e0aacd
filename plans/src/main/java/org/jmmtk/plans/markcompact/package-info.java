/**
 * Mark-compact (MC): Lisp-2 sliding compaction over one bump-allocated
 * {@link org.jmmtk.core.policy.MarkCompactSpace}, with the common large object and immortal spaces of
 * {@link org.jmmtk.core.plan.Plan}.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Allocation</b>: bump pointer in thread-local buffers of the heap geometry's size
 *     ({@code --tlab-size}), as mmtk-core's mark-compact (its {@code MarkCompactSpace} is bump-allocated
 *     through a {@code BumpAllocator}); objects above the geometry's default large-object threshold go
 *     to the large object space, which is marked and swept, not compacted (as in mmtk-core).</li>
 * <li><b>Marking</b>: in place, with the header's mark bit, in the parallel closure
 *     ({@code FullHeapTrace}, Closure stage), as mark-sweep does.</li>
 * <li><b>Forwarding addresses</b>: not in the header (jmmtk's forwarding pointer replaces the status
 *     word, which holds the size and reference-slot count the later phases read; mmtk-core instead
 *     adds a header word for it): in side metadata owned by the space, one {@code int} per granule of
 *     the old address. Computed in address order through the valid-object bits in two <b>parallel</b>
 *     passes over address-ordered regions of 16 allocation buffers (CalculateForwarding stage):
 *     {@code CountLive} adds up each region's survivors and frees its dead (reported with their
 *     headers intact), the last one to finish sums the regions (where each region's survivors go),
 *     and {@code AssignForwarding} gives each region's survivors their addresses. mmtk-core 0.32 does
 *     this in one packet; the split is the usual one of parallel sliding compactors. Regions
 *     are fixed by the heap geometry, so the result never depends on the GC thread count.</li>
 * <li><b>Reference updating</b>: a linear pass rather than mmtk-core's second transitive closure:
 *     RefForwarding-stage packets, <b>in parallel</b>, one per mutator's roots, one for the global
 *     roots, one per 1024 live objects in address order, one per other space (its marked objects).</li>
 * <li><b>Compaction</b>: the survivors slide down in address order in <b>one packet</b> (Compact
 *     stage), as in mmtk-core 0.32: a region's survivors would start inside the old places of the
 *     region before it (unless that region's last survivor stays put), so address-ordered regions
 *     would run one after the other anyway. Each move clears the old valid-object bit before setting
 *     the new one and is logged for the binding and reported to plugins ({@code Collector.moved}).</li>
 * <li><b>Release</b>: the space keeps the pages up to the end of the survivors and gives back the
 *     rest, so the budget after a collection depends only on the live set (thread-count invariant);
 *     no copy reserve.</li>
 * </ul>
 */
package org.jmmtk.plans.markcompact;
