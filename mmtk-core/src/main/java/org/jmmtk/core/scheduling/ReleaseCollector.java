package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Designated to one worker: releases its collector context (e.g. charges and drops its copy buffer). */
public final class ReleaseCollector extends WorkPacket {
    private final MMTK mmtk;

    public ReleaseCollector(MMTK mmtk) {
        this.mmtk = mmtk;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.plan().releaseCollector((Collector) worker.context());
    }
}
