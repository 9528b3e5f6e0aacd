package org.jmmtk.core.heap;

/**
 * What a space asks before giving pages to a mutator (mmtk-core's poll in {@code Space::acquire}):
 * the memory manager consults its {@link GcTrigger} and, if the budget is exhausted, collects.
 * Implemented by the collection driver's poll, so spaces never see the driver.
 */
public interface AllocationPoll {
    /**
     * Returns true if a collection ran (the caller's allocation must start again), false if the pages
     * may be taken; throws {@link SimulatedOutOfMemoryError} if collecting did not make room.
     */
    boolean poll(String space, int pages);

    /** The out-of-memory report for a request of {@code pages} pages in {@code space} that cannot be met. */
    SimulatedOutOfMemoryError outOfMemory(String space, int pages, String why);
}
