package org.jmmtk.core.plan;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** The first packet of every collection: asks the plan to schedule the rest. */
public final class ScheduleCollection extends WorkPacket {
    private final Plan plan;
    private final CollectionKind kind;

    public ScheduleCollection(Plan plan, CollectionKind kind) {
        this.plan = plan;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker worker) {
        plan.scheduleCollection(worker, kind);
    }
}
