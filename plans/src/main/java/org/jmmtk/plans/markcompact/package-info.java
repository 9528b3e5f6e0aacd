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
 *     the old address. Computed in address order by walking the valid-object bits, in <b>one
 *     packet</b> (CalculateForwarding stage); dead objects are reported freed there, headers intact.</li>
 * <li><b>Reference updating</b>: a linear pass rather than mmtk-core's second transitive closure:
 *     RefForwarding-stage packets, <b>in parallel</b>, one per mutator's roots, one for the global
 *     roots, one per 1024 live objects in address order, one per other space (its marked objects).</li>
 * <li><b>Compaction</b>: the survivors slide down in address order in <b>one packet</b> (Compact
 *     stage), as in mmtk-core 0.32, whose compaction is also a single sequential walk: with regions
 *     compacted in parallel, a region's destination may overlap the not yet moved objects of the
 *     region before it. Each move clears the old valid-object bit before setting the new one and is
 *     logged for the binding and reported to plugins ({@code Collector.moved}).</li>
 * <li><b>Release</b>: the space keeps the pages up to the end of the survivors and gives back the
 *     rest, so the budget after a collection depends only on the live set (thread-count invariant);
 *     no copy reserve.</li>
 * </ul>
 */
package org.jmmtk.plans.markcompact;
