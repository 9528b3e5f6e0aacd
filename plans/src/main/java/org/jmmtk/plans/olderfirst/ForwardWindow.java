package org.jmmtk.plans.olderfirst;

import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage, one packet: gives the window's survivors their new addresses in age
 * order and schedules the reference updates and the compaction ({@link OlderFirst#forwardWindow}).
 * One packet, so where each survivor goes does not depend on the number of GC threads.
 */
final class ForwardWindow extends WorkPacket<Collector> {
    private final OlderFirst plan;
    private final CollectionKind kind;

    ForwardWindow(OlderFirst plan, CollectionKind kind) {
        this.plan = plan;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.forwardWindow(worker, kind);
    }
}
