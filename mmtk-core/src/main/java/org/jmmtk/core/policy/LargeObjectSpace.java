package org.jmmtk.core.policy;

import static org.jmmtk.core.util.Constants.bytesToPages;

import it.unimi.dsi.fastutil.longs.LongIterator;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;

/**
 * Objects too large for the other spaces, each on its own run of pages; marked in place and swept by
 * walking the set of large objects (MMTk's treadmill, without the list tricks). Mutators allocate
 * under the space's lock; the sweep runs in one packet.
 */
public final class LargeObjectSpace extends Space {
    private final FreeListPageResource pages;
    private final LongOpenHashSet objects = new LongOpenHashSet();

    public LargeObjectSpace(String name, MMTK mmtk, VMLayout.Region region) {
        super(name, mmtk, region);
        this.pages = new FreeListPageResource(memory, region);
    }

    @Override
    public int reservedPages() {
        return pages.reservedPages();
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        return pages.acquire(n);
    }

    /** Room for one object of {@code bytes}, or 0 if a collection ran first (the caller retries). */
    public long allocate(long bytes) {
        long address = acquire((int) bytesToPages(bytes));
        if (address != 0) {
            synchronized (this) {
                objects.add(address);
            }
        }
        return address;
    }

    public long traceObject(ObjectQueue queue, long object, Collector collector) {
        return markObject(queue, object, collector);
    }

    @Override
    public boolean isLive(long object) {
        return ObjectModel.isMarked(memory, object);
    }

    /** Frees every unmarked large object and clears the marks of the others. */
    public synchronized void sweep() {
        LongIterator it = objects.iterator();
        while (it.hasNext()) {
            long object = it.nextLong();
            if (ObjectModel.isMarked(memory, object)) {
                ObjectModel.clearMark(memory, object);
            } else {
                pages.release(object, (int) bytesToPages(ObjectModel.size(memory, object)));
                it.remove();
            }
        }
    }

    @Override
    public synchronized String checkObject(long object) {
        return objects.contains(object) ? null : "is not the start of a large object in " + name;
    }
}
