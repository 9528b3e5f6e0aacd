package org.jmmtk.bindings.replay;

/**
 * What replaying on several mutator threads cost in waiting: records executed, how many of them had
 * to wait for another mutator thread's earlier record (a dependency not yet done when reached), how
 * often a thread reading its own records had to wait for the others to come within its window, and
 * the wall time the threads spent in both kinds of wait.
 *
 * @param threads     mutator threads
 * @param records     records the mutator threads executed
 * @param waits       records that waited for another thread
 * @param windowWaits batches a thread reading its own records waited to start (0 with a dispatcher)
 * @param waitNanos   wall time spent in those waits, summed over the threads
 */
public record ParallelStats(int threads, long records, long waits, long windowWaits, long waitNanos) {
    /** Dependency waits per record executed. */
    public double waitsPerRecord() {
        return records == 0 ? 0 : (double) waits / records;
    }
}
