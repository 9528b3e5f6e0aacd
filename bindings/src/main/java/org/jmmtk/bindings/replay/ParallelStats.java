package org.jmmtk.bindings.replay;

/**
 * What replaying on several mutator threads cost in waiting: records executed and how many of them
 * had to wait for another mutator thread's earlier record (a dependency not yet done when reached).
 *
 * @param threads mutator threads
 * @param records records the mutator threads executed
 * @param waits   records that waited for another thread
 */
public record ParallelStats(int threads, long records, long waits) {
    /** Dependency waits per record executed. */
    public double waitsPerRecord() {
        return records == 0 ? 0 : (double) waits / records;
    }
}
