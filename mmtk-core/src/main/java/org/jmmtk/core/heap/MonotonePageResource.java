package org.jmmtk.core.heap;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;

/**
 * Pages handed out in address order by bumping a cursor; all are given back at once with
 * {@link #reset}. For copy spaces and immortal spaces. Thread-safe.
 */
public final class MonotonePageResource extends PageResource {
    private long cursor;

    public MonotonePageResource(SimulatedMemory memory, HeapGeometry geometry, VMLayout.Region region) {
        super(memory, geometry, region);
        this.cursor = start;
    }

    @Override
    public long acquire(int pages) {
        long bytes = geometry.pagesToBytes(pages);
        lock();
        try {
            if (cursor + bytes > start + extent) {
                return 0;
            }
            long result = cursor;
            memory.map(result, bytes);
            cursor += bytes;
            countPages(pages);
            return result;
        } finally {
            unlock();
        }
    }

    @Override
    public long highWater() {
        return cursor();
    }

    /** One past the last byte handed out. */
    public long cursor() {
        lock();
        try {
            return cursor;
        } finally {
            unlock();
        }
    }

    /**
     * Takes back every page from {@code newCursor} (page aligned, not above the cursor) on: the pages
     * below it stay handed out (a compacted space keeps its survivors). The memory stays mapped.
     */
    public void resetTo(long newCursor) {
        lock();
        try {
            if (newCursor < start || newCursor > cursor || (newCursor & (geometry.pageBytes() - 1)) != 0) {
                throw new IllegalArgumentException(String.format("cannot reset the cursor 0x%x to 0x%x", cursor, newCursor));
            }
            countPages(-(int) ((cursor - newCursor) >>> geometry.logBytesInPage()));
            cursor = newCursor;
        } finally {
            unlock();
        }
    }

    /** Takes back every page. The memory stays mapped (and dirty) for reuse. */
    public void reset() {
        lock();
        try {
            cursor = start;
            clearCount();
        } finally {
            unlock();
        }
    }
}
