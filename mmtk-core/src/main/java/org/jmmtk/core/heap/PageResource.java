package org.jmmtk.core.heap;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;

/**
 * Hands out pages from one space's virtual range, maps them in simulated memory, and counts the pages
 * it has reserved (the unit of the heap budget, as in MMTk). Pages are as large as the heap's
 * {@link HeapGeometry} says. Subclasses decide how pages are found. Thread-safe: mutators and GC
 * workers may acquire and release concurrently.
 */
public abstract class PageResource {
    protected final SimulatedMemory memory;
    protected final HeapGeometry geometry;
    protected final long start;
    protected final long extent;
    private int reservedPages;

    protected PageResource(SimulatedMemory memory, HeapGeometry geometry, VMLayout.Region region) {
        this.memory = memory;
        this.geometry = geometry;
        this.start = region.start();
        this.extent = region.bytes();
    }

    /** Pages currently handed out. */
    public final synchronized int reservedPages() {
        return reservedPages;
    }

    /** Adds {@code pages} (negative: gives back) to the count; called with the lock held. */
    protected final void countPages(int pages) {
        reservedPages += pages;
    }

    /** Forgets every page at once. */
    protected final void clearCount() {
        reservedPages = 0;
    }

    /** Total pages this resource could hand out. */
    public final long capacityPages() {
        return extent >>> geometry.logBytesInPage();
    }

    /** The first address of {@code pages} contiguous new pages, or 0 if the range has no room. */
    public abstract long acquire(int pages);

    /** One past the highest page handed out now: every page in use lies below it (a heap view's extent). */
    public abstract long highWater();
}
