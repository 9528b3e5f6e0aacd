package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Designated to one worker: prepares its collector context (e.g. rebinds its copy allocator). */
public final class PrepareCollector extends WorkPacket {
    private final MMTK mmtk;

    public PrepareCollector(MMTK mmtk) {
        this.mmtk = mmtk;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.plan().prepareCollector((Collector) worker.context());
    }
}
