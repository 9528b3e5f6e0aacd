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

    /** A builder for the record of collection {@code gc}, of {@code kind}, for {@code reason}. */
    public static Builder builder(int gc, String kind, String reason) {
        return new Builder(gc, kind, reason);
    }

    /**
     * Gathers a {@link GcRecord} field by field while a collection runs (counts not given are 0, the
     * free space {@link FreeSpaceProfile#NONE}, the plan's counters none); the pause is the span from
     * start to end. Used by the one thread that runs the collection.
     */
    public static final class Builder {
        private final int gc;
        private final String kind;
        private final String reason;
        private long allocatedBefore;
        private long startNanos;
        private long endNanos;
        private long closureNanos;
        private long objectsCopied;
        private long bytesCopied;
        private long objectsMarked;
        private long bytesMarked;
        private long edgesTraced;
        private long usedBytesBefore;
        private long usedBytesAfter;
        private long packets;
        private long steals;
        private FreeSpaceProfile freeSpace = FreeSpaceProfile.NONE;
        private Map<String, Long> planStats = Map.of();

        private Builder(int gc, String kind, String reason) {
            this.gc = gc;
            this.kind = kind;
            this.reason = reason;
        }

        /** Bytes allocated and heap in use when the collection started. */
        public Builder before(long allocated, long usedBytes) {
            this.allocatedBefore = allocated;
            this.usedBytesBefore = usedBytes;
            return this;
        }

        /** When it was requested and when mutators could resume, on the run's clock. */
        public Builder span(long start, long end) {
            this.startNanos = start;
            this.endNanos = end;
            return this;
        }

        public Builder closureNanos(long nanos) {
            this.closureNanos = nanos;
            return this;
        }

        /** Adds one GC worker's counts of objects and trace bytes copied and marked, and edges traced. */
        public Builder addTraced(long copiedObjects, long copiedBytes, long markedObjects, long markedBytes,
                                 long edges) {
            this.objectsCopied += copiedObjects;
            this.bytesCopied += copiedBytes;
            this.objectsMarked += markedObjects;
            this.bytesMarked += markedBytes;
            this.edgesTraced += edges;
            return this;
        }

        /** Work packets executed and stolen during the collection. */
        public Builder packets(long executed, long stolen) {
            this.packets = executed;
            this.steals = stolen;
            return this;
        }

        /** What the collection left: heap in use, free space inside allocation units, the plan's counters. */
        public Builder after(long usedBytes, FreeSpaceProfile free, Map<String, Long> plan) {
            this.usedBytesAfter = usedBytes;
            this.freeSpace = free;
            this.planStats = plan;
            return this;
        }

        public GcRecord build() {
            return new GcRecord(gc, kind, reason, allocatedBefore, startNanos, endNanos, endNanos - startNanos,
                    closureNanos, objectsCopied, bytesCopied, objectsMarked, bytesMarked, edgesTraced,
                    usedBytesBefore, usedBytesAfter, packets, steals, freeSpace, planStats);
        }
    }
}
