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
    public synchronized long acquire(int pages) {
        long bytes = geometry.pagesToBytes(pages);
        if (cursor + bytes > start + extent) {
            return 0;
        }
        long result = cursor;
        memory.map(result, bytes);
        cursor += bytes;
        countPages(pages);
        return result;
    }

    /** One past the last byte handed out. */
    public synchronized long cursor() {
        return cursor;
    }

    /** Takes back every page. The memory stays mapped (and dirty) for reuse. */
    public synchronized void reset() {
        cursor = start;
        clearCount();
    }
}
