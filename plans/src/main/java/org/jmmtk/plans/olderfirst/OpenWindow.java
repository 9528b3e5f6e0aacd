package org.jmmtk.plans.olderfirst;

import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage, one packet per collection, once the mutators are stopped: opens the window and scans
 * the remembered objects that point into it ({@link OlderFirst#openWindow}).
 */
final class OpenWindow extends WorkPacket<Collector> {
    private final OlderFirst plan;
    private final CollectionKind kind;
    private final Closure closure;

    OpenWindow(OlderFirst plan, CollectionKind kind, Closure closure) {
        this.plan = plan;
        this.kind = kind;
        this.closure = closure;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.openWindow(worker, kind, closure);
    }
}
