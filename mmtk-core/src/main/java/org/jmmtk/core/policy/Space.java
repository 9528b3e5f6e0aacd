package org.jmmtk.core.policy;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;

/**
 * A policy over one contiguous virtual range: how objects in it are allocated, traced and reclaimed.
 * Every page a mutator takes from a space goes through {@link #acquire}, the one place that polls the
 * heap budget and may run a collection.
 *
 * Each policy has its own {@code traceObject}: it marks or copies an object of the space, enqueues it
 * for scanning if that call was the first to reach it, and returns its (possibly new) address.
 *
 * <p>Mutator threads acquire pages; GC workers trace objects in parallel and acquire pages for copies
 * with {@link #acquireForGC}, which never polls.
 */
public abstract class Space {
    protected final String name;
    protected final MMTK mmtk;
    protected final SimulatedMemory memory;
    protected final long start;
    protected final long end;
    private int lastCollection;

    protected Space(String name, MMTK mmtk, VMLayout.Region region) {
        this.name = name;
        this.mmtk = mmtk;
        this.memory = mmtk.memory();
        this.start = region.start();
        this.end = region.end();
    }

    public final String name() {
        return name;
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
     * The number of the last collection that could reclaim objects in this space (0: none yet). An
     * object known to be alive at an earlier point lies in reclaimed memory if it was not seen alive by
     * that collection.
     */
    public final int lastCollection() {
        return lastCollection;
    }

    /** Called by MMTK as collection {@code gc} starts, for each space it collects. */
    public final void startCollection(int gc) {
        lastCollection = gc;
    }

    /** Pages this space holds against the heap budget. */
    public abstract int reservedPages();

    /**
     * Pages for a mutator. Polls the heap budget first: returns 0 if a collection ran (the caller
     * retries its allocation from scratch); throws {@code SimulatedOutOfMemoryError} if the budget is
     * exhausted even after collecting.
     */
    public final long acquire(int pages) {
        if (mmtk.pollForAllocation(this, pages)) {
            return 0;
        }
        long address = acquirePages(pages, false);
        if (address == 0) {
            throw mmtk.outOfMemory(this, pages, "its virtual range is exhausted");
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

    /** Marks {@code object}; if this call marked it, counts it and enqueues it for scanning. */
    protected final long markObject(ObjectQueue queue, long object, Collector collector) {
        if (ObjectModel.testAndMark(memory, object)) {
            collector.objectsMarked++;
            collector.bytesMarked += ObjectModel.traceBytes(memory, object);
            queue.enqueue(object);
        }
        return object;
    }

    /** Whether {@code object} survived the collection in progress (valid after the closure). */
    public abstract boolean isLive(long object);

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
