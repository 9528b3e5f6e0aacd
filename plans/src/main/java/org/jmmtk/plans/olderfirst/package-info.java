/**
 * Older-First (OF), the Merlin paper's fourth collector (section 2.2; Stefanović, McKinley and Moss,
 * "Age-based garbage collection", OOPSLA 1999): a window slides through an age-ordered heap, from the
 * oldest objects toward the youngest, collecting one window at a time. Built on
 * {@link org.jmmtk.core.policy.AgeOrderedSpace} with the common large object and immortal spaces of
 * {@link org.jmmtk.core.plan.Plan}.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Age order</b>: the heap is a list of blocks (each a mutator's bump buffer, the heap
 *     geometry's buffer size) in the order they were taken; a block's position orders its objects
 *     against every other block's, as the paper's address order does. Objects of one block are not
 *     ordered against each other for window purposes: a window holds whole blocks. Objects larger than
 *     a block go to the large object space, which only full collections collect.</li>
 * <li><b>Window</b> (paper: "a fixed-size window that slides through the heap from older to younger
 *     objects"): {@code --window SIZE}, default a quarter of the budget (the paper ran windows of 1/6
 *     to 5/6 of the heap; a quarter matches the default nursery of {@code gencopy}), rounded down to
 *     whole blocks, at least one. The first window starts at the oldest block; each window collection
 *     places the next window at the blocks just younger than its survivors; a window that reached
 *     the youngest block (the allocation point) sends the next one back to the oldest block (paper:
 *     "If the window bumps into the allocation point, OF resets the window to the oldest end of the
 *     heap"). A window near the young end holds fewer blocks rather than overlapping the survivors.</li>
 * <li><b>Survivors stay in age order</b> (paper: "compacts the survivors"): marked in place by the
 *     parallel closure, then given new addresses in age order packed from the window's first block on
 *     (one CalculateForwarding packet), references redirected in parallel (RefForwarding), slid there
 *     in one Compact packet. So they take the window's place, older than everything after it, and
 *     where they go does not depend on the GC thread count. Unlike the paper's OF, which copies into
 *     a reserve of one window, sliding needs <b>no copy reserve</b>; {@code bytesCopied} counts the
 *     survivors that moved, and the plan counter {@code windowSurvivorBytes} all of the window's
 *     survivors (what the paper's OF would copy).</li>
 * <li><b>Barrier</b> (paper section 2.1: remember a pointer whose target "will be collected before the
 *     region containing the pointer source"; its OF counts "cross increment pointers"): an
 *     object-remembering barrier without log bits ({@link org.jmmtk.core.barrier.FilteredObjectBarrier})
 *     remembers the source of every store of a pointer into the age-ordered space from outside it,
 *     or from another block that is younger than the target's block or already behind the next
 *     window ({@link org.jmmtk.core.policy.AgeOrderedSpace#mustRemember}). The one kind of pointer it
 *     lets go, from an older block the window has not passed yet to a younger one, is collected with
 *     or before its target: a window always covers whole blocks, advances only over what it has
 *     collected, and a reset only moves it back. When the window passes such a source, the survivor
 *     is rescanned with the same test, so it is remembered from then on if it must be. Remembered
 *     objects are kept from one collection to the next (the window moves, so a pointer stored now
 *     may matter many collections later); those in a collected window are forgotten (they moved or
 *     died), and at each window collection so are dead ones (large objects swept by a full
 *     collection) and those no slot of which the test still selects. {@code writeBarrierStores}
 *     counts the barrier's insertions (one per selected store). The sanity checker's remembered-set
 *     check runs at every window collection: every object outside the window that points into it
 *     must be remembered.</li>
 * <li><b>Full collections</b>: the whole space is one window and the large object space is marked and
 *     swept as usual. A window collection that leaves less free budget than a quarter of a window
 *     (or 1/32 of the budget, whichever is more) found too little garbage; a window that finds none
 *     is normal (the window then moves past its survivors, as in the paper), but after three such
 *     collections in a row the windows are taken to be no longer paying off (garbage kept alive
 *     from outside the window, a heap nearly full of live data), and the next collection is full.
 *     Three, not more: the GC-overhead limit ends a run after five collections in a row that each
 *     left less than 2% free, and a small window can never free more than itself. When a window
 *     collection does not make room for the allocation that triggered it, up to two emergency
 *     collections move the window on (the paper's OF simply collects the next window), and a third
 *     one is full. The final collection of a run is full too. A full collection restarts the window
 *     at the oldest block.</li>
 * <li><b>Triggers</b>: a collection when the budget is exceeded, as for the non-generational plans;
 *     the collection kind {@code window} in {@code collections[]} and {@code windowGcCount}.</li>
 * <li><b>Weak references</b> (MMTk's generational rule, with the window as the nursery): a window
 *     collection discovers the references of the window objects it marks and the weak slots of the
 *     remembered objects that point into the window (set aside, not traced), keeps every referent
 *     outside the window and clears an unmarked one in it; a full collection discovers every
 *     reference.</li>
 * </ul>
 */
package org.jmmtk.plans.olderfirst;
