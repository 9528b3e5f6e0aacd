package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** The first packet of every collection: asks the plan to schedule the rest. */
public final class ScheduleCollection extends WorkPacket {
    private final MMTK mmtk;
    private final CollectionKind kind;

    public ScheduleCollection(MMTK mmtk, CollectionKind kind) {
        this.mmtk = mmtk;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.plan().scheduleCollection(worker, kind);
    }
}
