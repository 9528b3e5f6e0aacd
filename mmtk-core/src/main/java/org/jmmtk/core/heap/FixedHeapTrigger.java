package org.jmmtk.core.heap;

/**
 * A fixed heap budget (mmtk-core's {@code FixedHeapSizeTrigger}): collect when the reserved pages
 * plus a request would exceed it. Also applies the {@link OverheadLimit}. Used by one thread at a time.
 */
public final class FixedHeapTrigger implements GcTrigger {
    private final int totalPages;
    private final int heapPages;
    private final OverheadLimit limit;
    private int futileInARow;

    public FixedHeapTrigger(long heapBytes, HeapGeometry geometry, OverheadLimit limit) {
        this.totalPages = (int) Math.min(Integer.MAX_VALUE, heapBytes >>> geometry.logBytesInPage());
        this.heapPages = (int) geometry.bytesToPages(heapBytes);
        this.limit = limit;
    }

    @Override
    public int totalPages() {
        return totalPages;
    }

    @Override
    public int heapPages() {
        return heapPages;
    }

    @Override
    public boolean isGcRequired(int reservedPages, int pages) {
        return (long) reservedPages + pages > totalPages;
    }

    @Override
    public String collectionFinished(CollectionOutcome o) {
        if (limit.isOff()) {
            return null;
        }
        double work = (double) o.tracedBytes() + o.allocatedSinceLast();
        double gcShare = work == 0 ? 0 : 100.0 * o.tracedBytes() / work;
        double freeShare = 100.0 * Math.max(0, totalPages - o.reservedPagesAfter()) / totalPages;
        futileInARow = gcShare > limit.gcPercent() && freeShare < limit.freePercent() ? futileInARow + 1 : 0;
        return futileInARow >= limit.count() ? limit.explain() : null;
    }
}
