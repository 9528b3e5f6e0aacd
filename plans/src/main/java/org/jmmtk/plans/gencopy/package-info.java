/**
 * GenCopy, the Merlin paper's fixed-size-nursery generational collector (FG, paper section 2.2;
 * Lieberman and Hewitt 1983, Ungar 1984), built as mmtk-core's {@code plan/generational/copying}: a
 * copying nursery over a semispace mature space, with the shared generational machinery of
 * {@link org.jmmtk.plans.generational}.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Nursery size</b>: fixed, {@code --nursery SIZE}, default a quarter of the budget (mmtk-core's
 *     {@code DEFAULT_PROPORTIONAL_MIN_NURSERY}, 0.25 of the heap), at most half the budget (the nursery
 *     needs an equal copy reserve). A nursery collection runs when the nursery holds that many pages,
 *     or earlier if the budget is exceeded.</li>
 * <li><b>Full collections</b> (paper: "when the older generation is also full"): when a collection left
 *     less free budget than twice the nursery, the mature space could not absorb the next nursery
 *     collection, so the next collection is full. It collects the nursery with the mature space and
 *     copies survivors into the mature space's other half.</li>
 * <li><b>Copy reserve</b>: the nursery's and the mature space's pages, as mmtk-core's GenCopy
 *     ({@code get_collection_reserved_pages}: nursery plus to-space).</li>
 * <li><b>Parallel promotion</b>: Cheney-style through ProcessEdges packets, each worker with its own copy
 *     buffer in the mature space, kept across nursery collections; the space is charged bytes copied.</li>
 * </ul>
 */
package org.jmmtk.plans.gencopy;
