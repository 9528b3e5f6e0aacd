package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Packs the global (static) root slots into root ProcessEdges packets. */
public final class ScanGlobalRoots extends WorkPacket {
    private final MMTK mmtk;

    public ScanGlobalRoots(MMTK mmtk) {
        this.mmtk = mmtk;
    }

    @Override
    public void execute(GCWorker worker) {
        EdgeBuffer roots = new EdgeBuffer(mmtk, worker, true);
        mmtk.binding().scanGlobalRoots(roots);
        roots.flush();
    }
}
