package org.jmmtk.core.plan;

import java.util.List;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.stats.FreeSpaceProfile;

/**
 * What a plan's spaces hold, measured for the budget and the reports ({@link Plan#usedPages},
 * {@link Plan#notePeakPages}, {@link Plan#heapObjectBytes}, {@link Plan#freeSpace}): their pages with the
 * side metadata charged for them, their peaks noted with the metadata registry, the trace bytes of their
 * objects, and the free memory inside their allocation units.
 *
 * <p>Threads: mutators at their page polls ({@link #usedPages}, read under the poll's lock); the collection
 * driver and a collection's packets otherwise, with the mutators stopped.
 */
final class SpaceUsage {
    private final HeapServices heap;

    SpaceUsage(HeapServices heap) {
        this.heap = heap;
    }

    /** Pages in use by all spaces, and their side metadata when it is charged ({@code --count-metadata}). */
    int usedPages() {
        SideMetadataRegistry metadata = heap.metadata();
        List<Space> spaces = heap.spaces().all();
        int pages = 0;
        // indexed: every page poll calls this twice, and an iterator was garbage there until C2 compiled it
        for (int i = 0; i < spaces.size(); i++) {
            Space s = spaces.get(i);
            int data = s.reservedPages();
            pages += data + metadata.chargedPages(s.name(), data);
        }
        return pages;
    }

    /** Notes the pages each space holds now with the side metadata registry (see {@link Plan#notePeakPages}). */
    void notePeakPages() {
        SideMetadataRegistry metadata = heap.metadata();
        for (Space s : heap.spaces().all()) {
            metadata.notePages(s.name(), s.reservedPages());
        }
    }

    /** Trace bytes of every object in the spaces. */
    long objectBytes() {
        long[] bytes = new long[1];
        for (Space s : heap.spaces().all()) {
            s.walkObjects(s.start(), s.extentEnd(), o -> bytes[0] += ObjectModel.traceBytes(heap.memory(), o));
        }
        return bytes[0];
    }

    /** The free memory inside every space's allocation units (for fragmentation). */
    FreeSpaceProfile freeSpace() {
        FreeSpaceProfile.Builder free = new FreeSpaceProfile.Builder();
        for (Space s : heap.spaces().all()) {
            s.describeFreeSpace(free);
        }
        return free.build();
    }
}
