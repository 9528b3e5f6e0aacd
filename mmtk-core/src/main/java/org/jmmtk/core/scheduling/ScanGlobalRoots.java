package org.jmmtk.core.scheduling;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Packs the global (static) root slots into root ProcessEdges packets. */
public final class ScanGlobalRoots extends WorkPacket<Collector> {
    private final Closure closure;

    public ScanGlobalRoots(Closure closure) {
        this.closure = closure;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        EdgeBuffer roots = new EdgeBuffer(closure, worker, true);
        closure.scanning().scanGlobalRoots(roots);
        roots.flush();
    }
}
