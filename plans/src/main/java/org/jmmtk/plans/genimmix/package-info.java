/**
 * GenImmix, generational Immix (Blackburn and McKinley, PLDI 2008, section 5; MMTk's production
 * default), built as mmtk-core's {@code plan/generational/immix}: a copying nursery over an Immix
 * mature space, with the shared generational machinery of {@link org.jmmtk.plans.generational} and
 * the Immix policy of {@link org.jmmtk.core.policy.immix.ImmixSpace}.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Nursery</b>: fixed, {@code --nursery SIZE}, default a quarter of the budget, at most half, as
 *     gencopy; the next collection is full when less than twice the nursery is free (room to fill it
 *     and promote all of it). mmtk-core's default nursery is proportional and bounded (see appel).</li>
 * <li><b>Promotion</b> (deviation from mmtk-core, which copies survivors during the closure with
 *     per-worker Immix copy allocators, so placement depends on the thread count): the closure marks
 *     nursery objects in place; one Promote packet then copies the marked ones, in address order, into
 *     the Immix space through one allocator kept across nursery collections: holes of the recyclable
 *     blocks of the last full collection's sweep (each block handed out once, as Immix mutators take
 *     them), then clean blocks. Copies mark their lines, so the line marks stay exact between full
 *     collections. RefForwarding then redirects the roots and the fields of the copies and of the
 *     remembered objects only, so a nursery collection costs nothing per mature object.</li>
 * <li><b>Copy reserve</b>: the nursery's pages (mmtk-core: nursery plus Immix's defrag headroom, which
 *     here, as in immix, is added to the clean pages copies may take). If fragmentation makes the
 *     promotion need more, it takes the blocks anyway and the budget check after the collection
 *     decides.</li>
 * <li><b>Full collections</b>: Immix marking with immix's defragmentation decision (emergency, or
 *     recyclable blocks promotion never reached), nursery objects marked in place; one packet promotes
 *     the nursery first (it must succeed) and then evacuates the source blocks with the room left;
 *     RefForwarding over every live object; the Immix sweep.</li>
 * <li><b>Barrier and log bits</b>: object remembering, shared with gencopy; promoted copies get the
 *     log bit (mmtk-core's {@code PromoteToMature}), and in a nursery collection lose the mark bit,
 *     since no sweep would clear it.</li>
 * </ul>
 */
package org.jmmtk.plans.genimmix;
