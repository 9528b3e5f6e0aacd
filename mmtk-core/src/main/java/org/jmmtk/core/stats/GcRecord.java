package org.jmmtk.core.stats;

import java.util.Map;

/**
 * What one collection did. Byte counts of objects are trace bytes (the sizes the trace gives); heap
 * occupancy is simulated bytes (pages in use). Times are wall-clock nanoseconds.
 *
 * @param gc              the collection's number, from 1
 * @param kind            full or nursery
 * @param reason          heap-full, explicit or final
 * @param allocatedBefore bytes allocated by the program when the collection started (GC "time")
 * @param startNanos      when the collection was requested, on the run's clock ({@link RunStats#clockNanos})
 * @param endNanos        when mutators could resume, on the run's clock
 * @param pauseNanos      from request to mutators resuming ({@code endNanos - startNanos})
 * @param closureNanos    from the first Closure packet to the opening of the next bucket
 * @param objectsCopied   objects moved
 * @param bytesCopied     trace bytes of the objects moved
 * @param objectsMarked   objects marked in place
 * @param bytesMarked     trace bytes of the objects marked in place
 * @param edgesTraced     edges in all ProcessEdges packets (non-null slots and roots)
 * @param usedBytesBefore heap in use (pages of all spaces) when the collection started
 * @param usedBytesAfter  heap in use when it ended
 * @param packets         work packets executed
 * @param steals          packets taken from another worker's local queue
 * @param freeSpace       the free memory left inside allocation units, for fragmentation
 * @param planStats       counters particular to the plan (e.g. Immix's block states), in report order
 */
public record GcRecord(int gc, String kind, String reason, long allocatedBefore, long startNanos, long endNanos,
                       long pauseNanos, long closureNanos,
                       long objectsCopied, long bytesCopied, long objectsMarked, long bytesMarked, long edgesTraced,
                       long usedBytesBefore, long usedBytesAfter, long packets, long steals,
                       FreeSpaceProfile freeSpace, Map<String, Long> planStats) {

    /** Trace bytes of the objects this collection found reachable in the spaces it collected. */
    public long bytesTraced() {
        return bytesCopied + bytesMarked;
    }
}
