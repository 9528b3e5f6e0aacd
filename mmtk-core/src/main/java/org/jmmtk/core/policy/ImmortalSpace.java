package org.jmmtk.core.policy;

import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A bump-allocated space that is never reclaimed. Tracing marks its objects (so a plan can report
 * what is reachable through them); {@link #clearMarks} unmarks them after each collection by walking
 * the valid-object bits, so the space can be traced again.
 */
public final class ImmortalSpace extends Space {
    private final MonotonePageResource pages;

    public ImmortalSpace(String name, long bytes, HeapServices heap) {
        super(name, bytes, heap);
        this.pages = new MonotonePageResource(memory, geometry, region);
    }

    @Override
    public int reservedPages() {
        return pages.reservedPages();
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        return pages.acquire(n);
    }

    @Override
    public long traceObject(long object, TraceContext context) {
        return markObject(object, context);
    }

    /** Clears the mark of every object, at the end of a collection. */
    public void clearMarks() {
        long cursor = pages.cursor();
        for (long o = validObjects.next(start, cursor); o >= 0; o = validObjects.next(o + 8, cursor)) {
            ObjectModel.clearMark(memory, o);
        }
    }

    @Override
    public String checkObject(long object) {
        return object < pages.cursor() ? null : "lies beyond the allocated part of " + name;
    }
}
