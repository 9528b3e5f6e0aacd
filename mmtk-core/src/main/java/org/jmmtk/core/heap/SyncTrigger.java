package org.jmmtk.core.heap;

/**
 * A synchronized scheme's trigger (section 3.2 of the Merlin paper): between points of perfect
 * knowledge no collection runs, so the heap (or a nursery) may grow beyond its bounds, but it remembers
 * that the plan's natural point passed; at each point it decides whether to collect. The next granule's
 * allocation is estimated as the granule (given, or the mean spacing of the points so far), and the
 * distance to the natural point is the plan's (the budget's free pages, or a nursery's if it fills
 * first), so for a free-list plan, which also reuses free cells of its blocks, "early" and "mid" collect
 * sooner than the natural point would be. The bounds are enforced after every collection (by
 * {@code CollectionDriver}). Used by one thread at a time.
 */
public final class SyncTrigger implements GcTrigger {
    private final GcTrigger natural;
    private final SyncScheme scheme;
    private final long granule;
    private boolean missed;
    private long points;

    private SyncTrigger(GcTrigger natural, SyncScheme scheme, long granule) {
        this.natural = natural;
        this.scheme = scheme;
        this.granule = granule;
    }

    /**
     * {@code natural} as {@code scheme} (null: none) places its collections; {@code granule} in bytes,
     * 0 to use the mean spacing of the points seen so far.
     */
    public static GcTrigger of(GcTrigger natural, SyncScheme scheme, long granule) {
        return scheme == null || !scheme.synchronizes() ? natural : new SyncTrigger(natural, scheme, granule);
    }

    @Override
    public int totalPages() {
        return natural.totalPages();
    }

    @Override
    public int heapPages() {
        return natural.heapPages();
    }

    @Override
    public boolean isGcRequired(int reservedPages, int pages) {
        return natural.isGcRequired(reservedPages, pages);
    }

    /** Never between points: remembers that the natural point passed. */
    @Override
    public boolean collectNow(boolean required) {
        missed |= required;
        return false;
    }

    @Override
    public String collectionFinished(CollectionOutcome outcome) {
        missed = false;
        return natural.collectionFinished(outcome);
    }

    @Override
    public boolean collectAtPerfectPoint(long bytesBeforeNaturalPoint, long bytesAllocated) {
        points++;
        long g = granule > 0 ? granule : Math.max(1, bytesAllocated / points);
        return switch (scheme) {
            case EARLY -> missed || bytesBeforeNaturalPoint < g;
            case MID -> missed || bytesBeforeNaturalPoint < g / 2;
            case LATE -> missed;
            case NONE -> false;
        };
    }
}
