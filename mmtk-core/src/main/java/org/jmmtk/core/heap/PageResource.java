package org.jmmtk.core.heap;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;

/**
 * Hands out pages from one space's virtual range, maps them in simulated memory, and counts the pages
 * it has reserved (the unit of the heap budget, as in MMTk). Subclasses decide how pages are found.
 * Thread-safe: mutators and GC workers may acquire and release concurrently.
 */
public abstract class PageResource {
    protected final SimulatedMemory memory;
    protected final long start;
    protected final long extent;
    protected int reservedPages;

    protected PageResource(SimulatedMemory memory, VMLayout.Region region) {
        this.memory = memory;
        this.start = region.start();
        this.extent = region.bytes();
    }

    /** Pages currently handed out. */
    public synchronized int reservedPages() {
        return reservedPages;
    }

    /** Total pages this resource could hand out. */
    public long capacityPages() {
        return extent >>> org.jmmtk.core.util.Constants.LOG_BYTES_IN_PAGE;
    }

    /** The first address of {@code pages} contiguous new pages, or 0 if the range has no room. */
    public abstract long acquire(int pages);
}
