package org.jmmtk.core.plan;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** The last packet of a collection: the plan's end-of-GC step. Mutators resume after it. */
final class EndOfGC extends WorkPacket<Collector> {
    private final Plan plan;
    private final CollectionKind kind;

    EndOfGC(Plan plan, CollectionKind kind) {
        this.plan = plan;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.endOfGCAll(kind);
    }
}
