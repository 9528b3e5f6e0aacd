package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** The first packet of every collection: asks the plan to schedule the rest. */
public final class ScheduleCollection extends WorkPacket<Collector> {
    private final Plan plan;
    private final CollectionKind kind;
    private final GcReason reason;

    public ScheduleCollection(Plan plan, CollectionKind kind, GcReason reason) {
        this.plan = plan;
        this.kind = kind;
        this.reason = reason;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.beginCollection(reason);
        plan.scheduleCollection(worker, kind);
    }
}
