package org.jmmtk.core.heap;

import java.util.BitSet;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;

/**
 * Pages handed out first-fit from a bitmap of the range, optionally aligned, and given back one run at
 * a time. For mark-sweep blocks and large objects. Thread-safe.
 */
public final class FreeListPageResource extends PageResource {
    private final BitSet used = new BitSet();
    private final int totalPages;
    private int firstFreeHint;

    public FreeListPageResource(SimulatedMemory memory, HeapGeometry geometry, VMLayout.Region region) {
        super(memory, geometry, region);
        this.totalPages = (int) Math.min(Integer.MAX_VALUE, capacityPages());
    }

    @Override
    public long acquire(int pages) {
        return acquire(pages, 1);
    }

    /** Acquires {@code pages} pages starting at a multiple of {@code alignPages} pages (a power of two). */
    public long acquire(int pages, int alignPages) {
        lock();
        try {
            return firstFit(pages, alignPages);
        } finally {
            unlock();
        }
    }

    private long firstFit(int pages, int alignPages) {
        int candidate = alignUp(used.nextClearBit(firstFreeHint), alignPages);
        while (candidate + (long) pages <= totalPages) {
            int nextUsed = used.nextSetBit(candidate);
            if (nextUsed < 0 || nextUsed >= candidate + pages) {
                used.set(candidate, candidate + pages);
                countPages(pages);
                long address = start + geometry.pagesToBytes(candidate);
                memory.map(address, geometry.pagesToBytes(pages));
                if (candidate == firstFreeHint) {
                    firstFreeHint = used.nextClearBit(candidate);
                }
                return address;
            }
            candidate = alignUp(used.nextClearBit(nextUsed), alignPages);
        }
        return 0;
    }

    @Override
    public long highWater() {
        lock();
        try {
            return start + geometry.pagesToBytes(used.length());
        } finally {
            unlock();
        }
    }

    /** Gives back the run of {@code pages} pages at {@code address}. */
    public void release(long address, int pages) {
        int first = (int) ((address - start) >>> geometry.logBytesInPage());
        lock();
        try {
            used.clear(first, first + pages);
            countPages(-pages);
            firstFreeHint = Math.min(firstFreeHint, first);
        } finally {
            unlock();
        }
    }

    private static int alignUp(int page, int alignPages) {
        return (page + alignPages - 1) & -alignPages;
    }
}
