package org.jmmtk.core.policy;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;

/**
 * A bump-allocated space that is never reclaimed. Tracing marks objects (so a plan can report what is
 * reachable) but nothing is freed and marks are never cleared: a plan traces it at most once.
 */
public final class ImmortalSpace extends Space {
    private final MonotonePageResource pages;

    public ImmortalSpace(String name, MMTK mmtk, VMLayout.Region region) {
        super(name, mmtk, region);
        this.pages = new MonotonePageResource(memory, region);
    }

    @Override
    public int reservedPages() {
        return pages.reservedPages();
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        return pages.acquire(n);
    }

    public long traceObject(ObjectQueue queue, long object, Collector collector) {
        return markObject(queue, object, collector);
    }

    @Override
    public boolean isLive(long object) {
        return ObjectModel.isMarked(memory, object);
    }

    @Override
    public String checkObject(long object) {
        return object < pages.cursor() ? null : "lies beyond the allocated part of " + name;
    }
}
