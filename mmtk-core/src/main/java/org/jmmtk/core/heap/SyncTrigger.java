package org.jmmtk.core.heap;

/**
 * A synchronized scheme's trigger (section 3.2 of the Merlin paper): between points of perfect
 * knowledge it never asks for a collection, so the heap may grow beyond its budget, but it remembers
 * that the natural trigger would have; at each point it decides whether to collect. The next granule's
 * allocation is estimated as the granule (given, or the mean spacing of the points so far), and the
 * natural point as the moment the budget's free pages are used up, so for a free-list plan, which also
 * reuses free cells of its blocks, "early" and "mid" collect sooner than the natural point would be.
 * The bounds are enforced after every collection (by {@code MMTK}). Used by one thread at a time.
 */
public final class SyncTrigger implements GcTrigger {
    private final GcTrigger natural;
    private final SyncScheme scheme;
    private final long granule;
    private final HeapGeometry geometry;
    private boolean missed;
    private long points;

    private SyncTrigger(GcTrigger natural, SyncScheme scheme, long granule, HeapGeometry geometry) {
        this.natural = natural;
        this.scheme = scheme;
        this.granule = granule;
        this.geometry = geometry;
    }

    /**
     * {@code natural} as {@code scheme} (null: none) places its collections; {@code granule} in bytes,
     * 0 to use the mean spacing of the points seen so far.
     */
    public static GcTrigger of(GcTrigger natural, SyncScheme scheme, long granule, HeapGeometry geometry) {
        return scheme == null || !scheme.synchronizes() ? natural : new SyncTrigger(natural, scheme, granule, geometry);
    }

    @Override
    public int totalPages() {
        return natural.totalPages();
    }

    @Override
    public boolean isGcRequired(int reservedPages, int pages) {
        if (natural.isGcRequired(reservedPages, pages)) {
            missed = true;
        }
        return false;
    }

    @Override
    public String collectionFinished(CollectionOutcome outcome) {
        missed = false;
        return natural.collectionFinished(outcome);
    }

    @Override
    public boolean collectAtPerfectPoint(int reservedPages, long bytesAllocated) {
        points++;
        long g = granule > 0 ? granule : Math.max(1, bytesAllocated / points);
        long free = geometry.pagesToBytes(Math.max(0, totalPages() - reservedPages));
        return switch (scheme) {
            case EARLY -> missed || free < g;
            case MID -> missed || free < g / 2;
            case LATE -> missed;
            case NONE -> false;
        };
    }
}
