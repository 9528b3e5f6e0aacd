package org.jmmtk.core.policy;

import it.unimi.dsi.fastutil.longs.LongIterator;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Objects too large for the other spaces, each on its own run of pages; marked in place and swept by
 * walking the set of large objects (MMTk's treadmill, without the list tricks). Mutators allocate
 * under the space's lock; the sweep runs in one packet.
 */
public final class LargeObjectSpace extends Space {
    private final FreeListPageResource pages;
    private final LongOpenHashSet objects = new LongOpenHashSet();
    private long objectsFreed;

    public LargeObjectSpace(String name, long bytes, HeapServices heap) {
        super(name, bytes, heap);
        this.pages = new FreeListPageResource(memory, geometry, region);
    }

    @Override
    public long extentEnd() {
        return pages.highWater();
    }

    @Override
    protected PageResource pageResource() {
        return pages;
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        return pages.acquire(n);
    }

    /** Room for one object of {@code bytes}, or 0 if a collection ran first (the caller retries). */
    public long allocate(long bytes) {
        long address = acquire((int) geometry.bytesToPages(bytes));
        if (address != 0) {
            synchronized (this) {
                objects.add(address);
            }
        }
        return address;
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        return markObject(object, context);
    }

    /** Frees every unmarked large object and clears the marks of the others. */
    public synchronized void sweep() {
        LongIterator it = objects.iterator();
        while (it.hasNext()) {
            long object = it.nextLong();
            if (ObjectModel.isMarked(memory, object)) {
                ObjectModel.clearMark(memory, object);
            } else {
                release(object);
                it.remove();
            }
        }
    }

    /** The large objects starting in {@code [from, to)}, in address order. */
    @Override
    public synchronized void walkObjects(long from, long to, ObjectVisitor visitor) {
        for (long object : sortedObjects()) {
            if (object >= from && object < to) {
                visitor.visit(object);
            }
        }
    }

    /** The pages between the large objects, and after the last one to the end of the space. */
    @Override
    public synchronized void walkFreeRanges(long from, long to, FreeRangeVisitor visitor) {
        long next = start;
        for (long object : sortedObjects()) {
            visitFree(visitor, next, object - next, from, to);
            next = object + geometry.pagesToBytes(geometry.bytesToPages(ObjectModel.size(memory, object)));
        }
        visitFree(visitor, next, end - next, from, to);
    }

    private long[] sortedObjects() {
        long[] sorted = objects.toLongArray();
        Arrays.sort(sorted);
        return sorted;
    }

    private void release(long object) {
        long size = ObjectModel.size(memory, object);
        free(object);
        pages.release(object, (int) geometry.bytesToPages(size));
        objectsFreed++;
    }

    /** Frees one large object at once (reference counting found it dead): its pages go back. */
    public synchronized void freeObject(long object) {
        if (!objects.remove(object)) {
            throw new IllegalStateException(String.format("0x%x is not a large object of %s", object, name));
        }
        release(object);
    }

    /** Objects freed (by sweeps or {@link #freeObject}) since the last call. */
    public synchronized long takeObjectsFreed() {
        long n = objectsFreed;
        objectsFreed = 0;
        return n;
    }

    @Override
    public synchronized String checkObject(long object) {
        return objects.contains(object) ? null : "is not the start of a large object in " + name;
    }
}
