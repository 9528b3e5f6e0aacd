package org.jmmtk.core.policy;

import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.stats.FreeSpaceProfile;
import org.jmmtk.core.util.Constants;

/**
 * A policy over one contiguous virtual range: how objects in it are allocated, traced and reclaimed.
 * A space reserves its range and enters it in the {@link SpaceTable} when it is created. Every page a
 * mutator takes from a space goes through {@link #acquire}, the one place that polls the heap budget
 * and may run a collection.
 *
 * <p>Each policy has its own {@link #traceObject}: it marks or copies an object of the space, queues
 * it for scanning if that call was the first to reach it, and returns its (possibly new) address. When
 * a space reclaims an object it clears the object's valid-object bit and, if a plugin asked, reports
 * it as freed before the memory is reused.
 *
 * <p>Mutator threads acquire pages; GC workers trace objects in parallel and acquire pages for copies
 * with {@link #acquireForGC}, which never polls. A mutator's allocation slow path is bracketed by
 * {@link #beginSlowPath} and {@link #endSlowPath}: under {@link PageResourceLock#COARSE} the page resource's
 * lock is held between them, except across the poll.
 */
public abstract class Space {
    protected final String name;
    protected final SimulatedMemory memory;
    protected final HeapGeometry geometry;
    protected final SideBitmap validObjects;
    protected final PluginHost plugins;
    protected final VMLayout.Region region;
    protected final long start;
    protected final long end;
    private final HeapServices heap;
    private final boolean coarseLock;
    private final int number;

    /** Creates a space named {@code name} over {@code bytes} of new virtual range. */
    protected Space(String name, long bytes, HeapServices heap) {
        this.region = heap.layout().reserve(name, bytes);
        this.name = name;
        this.heap = heap;
        this.memory = heap.memory();
        this.geometry = heap.geometry();
        this.validObjects = heap.validObjects();
        this.plugins = heap.plugins();
        this.start = region.start();
        this.end = region.end();
        this.coarseLock = heap.pageResourceLock() == PageResourceLock.COARSE;
        this.number = heap.spaces().register(this);
    }

    public final String name() {
        return name;
    }

    /** This space's number: 1 for the plan's first space, in creation order (a plugin's arena id). */
    public final int number() {
        return number;
    }

    public final long start() {
        return start;
    }

    public final long end() {
        return end;
    }

    public final boolean contains(long address) {
        return address >= start && address < end;
    }

    /**
     * Pages this space holds against the heap budget: by default what its page resource has reserved;
     * policies that charge otherwise (per copy, per block) say so.
     */
    public int reservedPages() {
        return pageResource().reservedPages();
    }

    /**
     * Pages for a mutator. Polls the heap budget first: returns 0 if a collection ran (the caller
     * retries its allocation from scratch); throws {@code SimulatedOutOfMemoryError} if the budget is
     * exhausted even after collecting.
     */
    public final long acquire(int pages) {
        // the coarse lock, held by a slow path's attempt (beginSlowPath): never across the poll, since the
        // collection the poll may run takes it to allocate copies
        boolean held = coarseLock && pageResource().isHeldByCurrentThread();
        if (held) {
            pageResource().releaseSlowPathHold();
        }
        if (heap.poll().poll(name, pages)) {
            // not taken again: the collection may have moved the allocator to another space, whose lock
            // the retried attempt takes
            return 0;
        }
        if (held) {
            pageResource().holdForSlowPath();
        }
        long address = acquirePages(pages, false);
        if (address == 0) {
            throw heap.poll().outOfMemory(name, pages, "its virtual range is exhausted (fragmented)");
        }
        return address;
    }

    /** Pages for a GC worker's copies: no polling, the plan's copy reserve guarantees room. */
    public final long acquireForGC(int pages) {
        long address = acquirePages(pages, true);
        if (address == 0) {
            throw new IllegalStateException("space " + name + " has no room for " + pages
                    + " pages during GC: the plan's copy reserve is wrong");
        }
        return address;
    }

    /** Takes {@code pages} contiguous pages from the page resource, 0 if there is no room. */
    protected abstract long acquirePages(int pages, boolean forGC);

    /** The page resource this space takes its pages from. */
    protected abstract PageResource pageResource();

    /**
     * A mutator's attempt at its allocation slow path in this space starts: under the coarse page-resource
     * lock, takes the lock until {@link #endSlowPath} (released across the poll in {@link #acquire}, and not
     * taken again if the poll collected). Nothing otherwise.
     */
    public final void beginSlowPath() {
        if (coarseLock) {
            pageResource().holdForSlowPath();
        }
    }

    /** The mutator's attempt that {@link #beginSlowPath} started ended (also when it threw). */
    public final void endSlowPath() {
        if (coarseLock) {
            pageResource().releaseSlowPathHold();
        }
    }

    /**
     * Traces {@code object} of this space for the collection in progress: marks or copies it, queues
     * it in {@code context} if this call reached it first, returns its address after the collection.
     */
    public abstract long traceObject(long object, TraceLocal context);

    /** Marks {@code object}; if this call marked it, counts it and queues it for scanning. */
    protected final long markObject(long object, TraceLocal context) {
        long status = ObjectModel.markStatus(memory, object);
        if (status != ObjectModel.ALREADY_MARKED) {
            context.marked(ObjectModel.traceBytesOfStatus(status));
            context.enqueue(object, status);
        }
        return object;
    }

    /**
     * Whether {@code object}, of a space that marks in place, was marked by the collection in progress
     * (between its closure and its release). Spaces whose mark state alternates say so themselves.
     */
    public boolean isMarked(long object) {
        return ObjectModel.isMarked(memory, object);
    }

    /** Reclaims the dead object at {@code object}: reports it, then clears its valid-object bit. */
    protected final void free(long object) {
        if (plugins.wantsFrees()) {
            plugins.objectFreed(object);
        }
        validObjects.clear(object);
    }

    /**
     * Reclaims every object of {@code [from, to)} at once, after the survivors were moved out (their
     * forwarded copies stay behind and are not freed): a from-space's release. Plugins that track arenas
     * hear one {@code spaceReleased}, the others each object freed; then the valid-object bits are cleared.
     */
    protected final void freeAll(long from, long to) {
        if (plugins.wantsReleasedObjects()) {
            for (long o = validObjects.next(from, to); o >= 0; o = validObjects.next(o + 8, to)) {
                if (!ObjectModel.isForwarded(memory, o)) {
                    plugins.releasedObject(o);
                }
            }
        }
        validObjects.clearRange(from, to);
        if (plugins.wantsArenas()) {
            plugins.spaceReleased(number);
        }
    }

    /**
     * After a collection: adds the free memory inside this space's allocation units that only some
     * object sizes can use (free cells, holes). Nothing by default: contiguous free memory is usable by
     * any object.
     */
    public void describeFreeSpace(FreeSpaceProfile.Builder free) {
    }

    /**
     * One past the highest address this space uses now: its objects and the free memory it hands out
     * lie in {@code [start(), extentEnd())}. By default the end of the space's mapped memory; policies
     * whose page resource knows better say so.
     */
    public long extentEnd() {
        long e = start;
        for (long a = start; a < end && memory.isMapped(a); a += Constants.BYTES_IN_CHUNK) {
            e = Math.min(end, a + Constants.BYTES_IN_CHUNK);
        }
        return e;
    }

    /**
     * Visits every object of this space that starts in {@code [from, to)} (its valid-object bit set), in
     * address order: the generic heap walk a view, a heap dump or a checker builds on. Called while the
     * heap does not change (mutators stopped, or on the only mutator's thread).
     */
    public void walkObjects(long from, long to, ObjectVisitor visitor) {
        long limit = Math.min(end, to);
        for (long o = validObjects.next(Math.max(start, from), limit); o >= 0; o = validObjects.next(o + 8, limit)) {
            visitor.visit(o);
        }
    }

    /**
     * Visits the free memory this space can hand out again inside {@code [from, to)} (free cells, free
     * lines, free pages between large objects), as ranges cut to {@code [from, to)}, in address order;
     * adjacent free memory may come as several ranges. Called while the heap does not change. None by
     * default: a bump space has no free memory inside its extent.
     */
    public void walkFreeRanges(long from, long to, FreeRangeVisitor visitor) {
    }

    /** Visits the part of {@code [address, address + bytes)} inside {@code [from, to)}, if any. */
    protected static void visitFree(FreeRangeVisitor visitor, long address, long bytes, long from, long to) {
        long s = Math.max(address, from);
        long e = Math.min(address + bytes, to);
        if (s < e) {
            visitor.visit(s, e - s);
        }
    }

    /**
     * For the sanity checker: null if {@code object} is a well-formed object start in this space's
     * allocated memory, otherwise why not.
     */
    public abstract String checkObject(long object);

    @Override
    public String toString() {
        return name;
    }
}
