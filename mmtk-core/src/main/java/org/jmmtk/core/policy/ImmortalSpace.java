package org.jmmtk.core.policy;

import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A bump-allocated space that is never reclaimed. Tracing marks its objects (so a plan can report
 * what is reachable through them). As in MMTk's immortal space, what "marked" means alternates: a
 * collection sets the mark bit to the current mark state and {@link #flipMarkState} at its end makes
 * every object unmarked at once, instead of a walk over the space; new objects are written unmarked
 * ({@link #initializeHeader}). Mutators allocate; GC workers trace in parallel.
 */
public final class ImmortalSpace extends Space {
    private final MonotonePageResource pages;
    // changed only at the end of a collection, while mutators are stopped: the scheduler publishes it
    private long markState = ObjectModel.MARK_BIT;

    public ImmortalSpace(String name, long bytes, HeapServices heap) {
        super(name, bytes, heap);
        this.pages = new MonotonePageResource(memory, geometry, region);
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

    /** Makes a new object of this space unmarked (its header was written with the mark bit clear). */
    public void initializeHeader(long object) {
        if (markState == 0) {
            ObjectModel.setMark(memory, object, ObjectModel.MARK_BIT);
        }
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        if (ObjectModel.attemptMark(memory, object, markState)) {
            context.marked(ObjectModel.traceBytes(memory, object));
            context.enqueue(object);
        }
        return object;
    }

    @Override
    public boolean isMarked(long object) {
        return (memory.load(object + ObjectModel.STATUS_OFFSET) & ObjectModel.MARK_BIT) == markState;
    }

    /** At the end of a collection: every object becomes unmarked for the next one. */
    public void flipMarkState() {
        markState ^= ObjectModel.MARK_BIT;
    }

    @Override
    public String checkObject(long object) {
        return object < pages.cursor() ? null : "lies beyond the allocated part of " + name;
    }
}
