/**
 * StickyImmix, generational Immix in one space with sticky mark bits (mmtk-core's
 * {@code plan/sticky/immix}; the mark-bit generations of Demers et al., POPL 1990), over one mixed-age
 * {@link org.jmmtk.core.policy.immix.ImmixSpace} and the common large object and immortal spaces.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Ages</b>: an object of the Immix space is old when it is marked; the sweep keeps marks, so the
 *     nursery is every object allocated since the previous collection. Large and immortal objects are
 *     old from birth (mmtk-core also has a nursery in its large object space).</li>
 * <li><b>Barrier</b>: object remembering (mmtk-core's {@code ObjectBarrier}) over side unlog bits,
 *     declared as the global side metadata {@code unlog-bit} (one bit per granule): old objects carry
 *     the bit; a store into one clears it and logs the object in the mutator's mod buffer
 *     ({@code writeBarrierStores} counts them). Every collection gives the logged objects their bit back;
 *     a nursery collection also takes their slots as roots. The sweep sets the bit on survivors and
 *     clears it on the objects it frees (mmtk-core reconstructs it while tracing).</li>
 * <li><b>Nursery collections</b>: the Immix trace stops at marked objects, so it marks only young ones;
 *     the line marks of the last full collection stay. One {@link org.jmmtk.plans.stickyimmix.Evacuate}
 *     packet then copies the survivors, in address order, into the recyclable blocks mutators left and
 *     the free budget while there is room (mmtk-core copies every nursery survivor during the trace,
 *     {@code prefer_copy_on_nursery_gc}), and RefForwarding redirects only the roots, the logged objects
 *     and the survivors. The Immix space is then swept: the lines of dead young objects are free.</li>
 * <li><b>Full collections</b>: the object marks are cleared, then immix's collection: mark, defragment
 *     (recyclable blocks left untaken), sweep; an emergency slides the Immix space instead of
 *     evacuating ({@link org.jmmtk.core.policy.immix.ImmixCompactor}, not in mmtk-core). Large objects are
 *     swept here only.</li>
 * <li><b>Triggers</b> (mmtk-core's {@code collection_required}, {@code should_next_gc_be_full_heap},
 *     default {@code ProportionalBounded(0.25, 1.0)} nursery): a nursery collection when the budget is
 *     full or mutators took {@code --nursery} of the Immix space since the last collection; the next
 *     collection is full when fewer free pages than {@code --nursery} (default a quarter of the heap)
 *     are left, when the budget is exceeded by a large object, for an emergency and at the end.</li>
 * <li><b>Weak references</b> as in the generational plans: a nursery collection discovers the references
 *     it marks and the logged ones (their weak slots set aside), clears an unmarked (young, unreached)
 *     referent of the Immix space and keeps every marked one and every large or immortal one; a full
 *     collection discovers every reference.</li>
 * </ul>
 */
package org.jmmtk.plans.stickyimmix;
