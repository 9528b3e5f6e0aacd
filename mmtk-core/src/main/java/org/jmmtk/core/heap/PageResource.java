package org.jmmtk.core.heap;

import java.util.concurrent.locks.ReentrantLock;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.probes.PageLockContendedEvent;
import org.jmmtk.probes.Tracepoints;

/**
 * Hands out pages from one space's virtual range, maps them in simulated memory, and counts the pages
 * it has reserved (the unit of the heap budget, as in MMTk). Pages are as large as the heap's
 * {@link HeapGeometry} says. Subclasses decide how pages are found.
 *
 * <p>Thread-safe: mutators and GC workers may acquire and release concurrently, under one lock per page
 * resource (MMTk's page resource {@code sync} mutex). A wait for that lock fires the
 * {@code PageLockContended} tracepoint; an uncontended acquisition costs one compare-and-set, as a
 * {@code synchronized} block would. Under {@link PageResourceLock#COARSE} a mutator also holds the lock
 * across its allocation slow path ({@link #holdForSlowPath}).
 */
public abstract class PageResource {
    protected final SimulatedMemory memory;
    protected final HeapGeometry geometry;
    protected final long start;
    protected final long extent;
    private final String spaceName;
    private final ReentrantLock lock = new ReentrantLock();
    private int reservedPages;

    protected PageResource(SimulatedMemory memory, HeapGeometry geometry, VMLayout.Region region) {
        this.memory = memory;
        this.geometry = geometry;
        this.start = region.start();
        this.extent = region.bytes();
        this.spaceName = region.name();
    }

    /** Takes this page resource's lock, timing the wait if another thread holds it. */
    protected final void lock() {
        if (!lock.tryLock()) {
            lockContended();
        }
    }

    private void lockContended() {
        PageLockContendedEvent e = Tracepoints.pageLockBegin();
        lock.lock();
        Tracepoints.pageLockEnd(e, spaceName);
    }

    protected final void unlock() {
        lock.unlock();
    }

    /**
     * Takes the lock for the rest of the calling mutator's slow path, unless the caller holds it already;
     * {@link #releaseSlowPathHold} gives it back. Only for {@link PageResourceLock#COARSE}.
     */
    public final void holdForSlowPath() {
        if (!lock.isHeldByCurrentThread()) {
            lock();
        }
    }

    /** Gives back the lock {@link #holdForSlowPath} took; nothing if the caller does not hold it. */
    public final void releaseSlowPathHold() {
        if (lock.isHeldByCurrentThread()) {
            lock.unlock();
        }
    }

    /** Whether the calling thread holds this page resource's lock (for tests and assertions). */
    public final boolean isHeldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }

    /** Pages currently handed out. */
    public final int reservedPages() {
        lock();
        try {
            return reservedPages;
        } finally {
            unlock();
        }
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
