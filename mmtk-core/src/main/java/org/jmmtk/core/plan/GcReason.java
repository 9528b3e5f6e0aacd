package org.jmmtk.core.plan;

/** Why a collection was requested. */
public enum GcReason {
    /** An allocation would exceed the heap budget. */
    HEAP_FULL("heap-full"),
    /**
     * The heap was still full after a heap-full collection, and the plan allows another attempt
     * ({@code Plan.maxCollectionAttempts}): MMTk's emergency collection, in which a plan may work
     * harder (Immix defragments).
     */
    EMERGENCY("emergency"),
    /** The program asked for one (a trace's {@code C} record). */
    EXPLICIT("explicit"),
    /**
     * A concurrent plan's concurrent work is done and the pause that ends it is due
     * ({@link Plan#concurrentPauseDue}, e.g. ConcurrentImmix's FinalMark).
     */
    CONCURRENT("concurrent"),
    /** The run ended and wants to know what is still reachable; not counted among the program's GCs. */
    FINAL("final");

    public final String label;

    GcReason(String label) {
        this.label = label;
    }
}
