package org.jmmtk.plans.serial;

import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.policy.Space;

/**
 * Exact bump allocation of a collection's copies into one space, without buffers: HotSpot's serial
 * collector copies with one thread into contiguous spaces, so a survivor space or the old generation
 * fills to the byte, and what fits is decided by bytes, not by buffers. Pages are taken from the
 * space as the cursor crosses into them ({@link Space#acquireForGC}, which never polls). Used only by
 * the one packet of a collection that moves objects.
 */
final class SpaceCursor {
    private final HeapGeometry geometry;
    private Space space;
    private long cursor;
    private long limit;

    SpaceCursor(HeapGeometry geometry, Space space) {
        this.geometry = geometry;
        this.space = space;
    }

    /** Allocates from the space's next pages from now on, in {@code target}. */
    void rebind(Space target) {
        space = target;
        cursor = 0;
        limit = 0;
    }

    /** Continues at {@code end} (exact), whose page ends at {@code pageEnd} (already taken from the space). */
    void continueAt(long end, long pageEnd) {
        cursor = end;
        limit = pageEnd;
    }

    /** One past the last byte handed out, or 0 before the first allocation. */
    long top() {
        return cursor;
    }

    long alloc(long bytes) {
        if (cursor + bytes > limit) {
            long missing = cursor + bytes - limit;
            int pages = (int) geometry.bytesToPages(limit == 0 ? bytes : missing);
            long at = space.acquireForGC(pages);
            if (limit == 0) {
                cursor = at;
            } else if (at != limit) {
                throw new IllegalStateException("space " + space.name() + " handed out non-contiguous pages");
            }
            limit = at + geometry.pagesToBytes(pages);
        }
        long result = cursor;
        cursor += bytes;
        return result;
    }
}
