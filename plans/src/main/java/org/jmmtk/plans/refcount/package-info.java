/**
 * RefCount: classic deferred reference counting (Deutsch and Bobrow, "An efficient, incremental,
 * automatic garbage collector", CACM 1976) with a backup tracing cycle collector, the Merlin paper's
 * "deferred reference counting with cycle collection" (issue 15). Not the coalescing RC of LXR or
 * RC Immix (Shahriyar et al.; Levanoni and Petrank): every store is counted.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Counts</b>: heap references only, kept by the write barrier
 *     ({@link org.jmmtk.core.barrier.RefCountBarrier}: increment the new target, then decrement the
 *     old one; a store of the slot's own value does nothing). Stored as side metadata
 *     ({@link org.jmmtk.core.memory.SideCounts}, 32 bits per object: no count can stick), as mmtk-core's
 *     RC keeps them beside the heap; the object header has no spare bits.</li>
 * <li><b>Deferred roots and the zero-count table</b> (Deutsch and Bobrow): root stores are not counted.
 *     An object whose count falls to zero, and every new object, enters the ZCT (once: a side bit
 *     marks membership; entries live in each mutator's buffer). An RC collection counts the roots
 *     (parallel root packets that increment and trace nothing), frees each ZCT object still at zero,
 *     recursively through an explicit work list, then undoes the root counts; objects back at zero
 *     re-enter the ZCT.</li>
 * <li><b>Freeing</b>: freed cells of the free-list space (mark-sweep's segregated size classes,
 *     {@link org.jmmtk.core.policy.MarkSweepSpace#freeObject}) are relinked at the end of the RC
 *     collection by parallel packets over the blocks, which also return empty blocks to the page
 *     resource, so freed memory is reused by the next allocations; large objects give back their
 *     pages at once. Mutators' thread-local free lists are dropped at each collection (the relinking
 *     finds their cells again).</li>
 * <li><b>When</b>: an RC collection runs when the heap budget is exhausted (the same trigger as every
 *     plan: time is bytes allocated, so this is RC's "allocation budget since the last collection").</li>
 * <li><b>Cycle collector</b>: a backup tracing mark-sweep that recomputes every count (zero all counts;
 *     mark from the roots in parallel ProcessEdges packets, incrementing the target of every traced
 *     edge; subtract the root edges; sweep), chosen over Bacon and Rajan's trial deletion (ECOOP 2001)
 *     because it is exact by construction (it also repairs any count) and reuses the parallel closure,
 *     as JikesRVM's RCBase backup trace and LXR's SATB trace do. It runs (a) when an RC collection
 *     leaves less than 1/8 of the budget free (the next collection then traces:
 *     {@link org.jmmtk.plans.refcount.RefCount#CYCLE_TRIGGER_DIVISOR}), (b) when an RC collection
 *     freed too little for the allocation that triggered it (the emergency retry), (c) on an explicit
 *     request, and (d) as the run's final collection, so the run ends with exactly the live set of a
 *     tracing collector.</li>
 * <li><b>Weak references</b> (a trace's weak slots): LXR's rule, weak slots do not count. The barrier
 *     notes a reference object given a referent instead of counting it; an RC collection clears the weak
 *     slots whose referent it freed, once {@link org.jmmtk.plans.refcount.ProcessZct} has freed what it
 *     frees; the cycle collector discovers references as a tracing collection does and clears those it
 *     did not mark (docs/design.md, "Reference processing").</li>
 * <li><b>Thread-count independence</b>: root counting is parallel but commutes (atomic increments);
 *     ZCT processing is one packet in a fixed order (the plan's buffer, then each mutator's, by
 *     ordinal); relinking and sweeping are per block with the available lists rebuilt in address
 *     order, as in mark-sweep; the cycle collector's counts are sums of atomic increments.</li>
 * <li><b>Metrics</b>: RC collections are {@code rc} in {@code collections[].kind} and
 *     {@code rcGcCount}, cycle collections {@code full}; {@code writeBarrierStores} is the barrier's
 *     count operations; {@code objectsFreedByRc} and {@code objectsFreedByCycleCollector} per
 *     collection in {@code planStats}.</li>
 * <li><b>Sanity</b>: with {@code --sanity}, every collection ends with
 *     {@link org.jmmtk.core.sanity.RefCountCheck}: every object not yet freed has a count equal to the
 *     number of heap references to it, and every zero-count object is in the ZCT.</li>
 * </ul>
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.plans.refcount;
