/**
 * The common part of the two-generation plans ({@code gencopy}, {@code appel}, {@code genimmix}):
 * mmtk-core's {@code plan/generational}. {@link org.jmmtk.plans.generational.Gen} owns the nursery,
 * the write barrier, the nursery trace and the choice between nursery and full collections; each plan
 * package adds its mature space.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Barrier</b>: object remembering (mmtk-core's {@code ObjectBarrier}, the default of its
 *     generational plans): a mature object's first store after a collection logs the whole object,
 *     whatever the store's target; the collection rescans it. Chosen over field remembering because it
 *     is what MMTk measures and costs one insertion per object however often its fields are written;
 *     {@code writeBarrierStores} counts objects logged. Objects get the log bit when they are copied
 *     out of the nursery and when they are born outside it (large objects).</li>
 * <li><b>Triggers</b> (mmtk-core {@code CommonGenPlan::collection_required}): a nursery collection when
 *     the nursery reaches the plan's maximum or the budget is exceeded; a full collection after a
 *     collection that left less free budget than the plan's minimum nursery
 *     ({@code should_next_gc_be_full_heap}), when the budget is exceeded by an allocation outside the
 *     nursery, for an emergency (second attempt) and for the final collection. Explicit requests are
 *     nursery collections, as in mmtk-core with {@code full_heap_system_gc} off.</li>
 * <li><b>Copy reserve</b>: the nursery's pages plus the mature space's reserve are held back, so a
 *     collection in which everything survives still fits.</li>
 * <li><b>Large and immortal objects</b> are mature: a nursery collection neither traces nor sweeps them.</li>
 * <li><b>Weak references</b> (mmtk-core's generational reference processing): every collection
 *     discovers the references it scans; a nursery collection scans the young objects it reaches and the
 *     remembered ones (their weak slots set aside, not traced), keeps every referent outside the
 *     nursery and clears a young one nothing else reached; a full collection discovers every reference
 *     (docs/design.md, "Reference processing").</li>
 * </ul>
 */
package org.jmmtk.plans.generational;
