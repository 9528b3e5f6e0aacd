package org.jmmtk.core.heap;

/**
 * Decides when to collect and how large the heap may be (mmtk-core's {@code GCTrigger} with its
 * policy): every page a mutator asks for is checked here, and every finished collection is reported
 * here, so a policy can resize the heap or give up. {@link FixedHeapTrigger} is the fixed heap the GC
 * literature measures with; a dynamic heap is another implementation of the same three methods.
 *
 * <p>Called by the thread that polls or collects (one at a time: collections are serialised).
 */
public interface GcTrigger {
    /** The heap budget now, in whole pages: what {@link #isGcRequired} holds the reserved pages to. */
    int totalPages();

    /**
     * The heap size now in pages, a partial page counted as one: what a plan shares out among its own
     * policies (a nursery's share of the budget, Immix's defragmentation headroom, when reference
     * counting looks for cycles). It exceeds {@link #totalPages} by one page when the heap is not a
     * whole number of pages.
     */
    int heapPages();

    /** Whether a mutator may not take {@code pages} more pages while {@code reservedPages} are reserved. */
    boolean isGcRequired(int reservedPages, int pages);

    /**
     * Whether a collection the plan requires ({@code required}: the budget, or a plan's own reason such
     * as a full nursery) runs now. A synchronized scheme ({@link SyncTrigger}) defers it to the next
     * point of perfect knowledge.
     */
    default boolean collectNow(boolean required) {
        return required;
    }

    /**
     * At a point of perfect knowledge of a granulated trace, {@code bytesAllocated} into the run, when
     * the plan would collect after {@code bytesBeforeNaturalPoint} more bytes: whether to collect now.
     * Only a synchronized scheme ({@link SyncTrigger}) collects at such points.
     */
    default boolean collectAtPerfectPoint(long bytesBeforeNaturalPoint, long bytesAllocated) {
        return false;
    }

    /**
     * A collection of the program finished: returns null to go on, or a reason to end the run with a
     * simulated out-of-memory (for example the GC-overhead limit).
     */
    String collectionFinished(CollectionOutcome outcome);

    /**
     * What a collection achieved, in the units a trigger reasons about.
     *
     * @param tracedBytes        trace bytes the collection copied or marked (its work)
     * @param allocatedSinceLast trace bytes the program allocated since the previous collection (the mutator's work)
     * @param reservedPagesAfter pages counted against the budget after it (used pages plus reserves)
     */
    record CollectionOutcome(long tracedBytes, long allocatedSinceLast, int reservedPagesAfter) {
    }
}
