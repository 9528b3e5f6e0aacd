/**
 * Appel, the Merlin paper's variable-size-nursery generational collector (VG, paper section 2.2; Appel,
 * "Simple generational garbage collection and fast allocation", 1989): {@link org.jmmtk.plans.gencopy.GenCopy}
 * with the nursery bounded only by the free budget. mmtk-core's GenCopy with its default nursery
 * ({@code ProportionalBounded}, up to the whole heap) behaves the same way.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Nursery</b>: everything the budget has left after the mature space and the copy reserve; it
 *     shrinks by the survivors of each nursery collection (paper: "the new nursery size is reduced by
 *     the size of the survivors"). {@code --nursery} is rejected: the nursery has no size of its own.</li>
 * <li><b>Full collections</b> (paper: "when the nursery becomes too small"): when a collection leaves
 *     less than an eighth of the budget free (a nursery of at most a sixteenth of it). The paper
 *     gives no number; this one is ours, chosen so that nursery collections stay worth their cost
 *     and full collections stay rare until the heap is nearly full (see docs/design.md).</li>
 * <li>Everything else (barrier, reserve, promotion) as in {@link org.jmmtk.plans.gencopy}.</li>
 * </ul>
 */
package org.jmmtk.plans.appel;
