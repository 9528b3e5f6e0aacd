package org.jmmtk.plans.concurrentimmix;

import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.DrainMarkQueue;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of the pause that ends a cycle (FinalMark or fallback), the mutators stopped: flushes
 * every mutator's SATB buffer into the mark queue, then drains the queue into the pause's closure.
 */
final class FinishMark extends WorkPacket<Collector> {
    private final ConcurrentImmix plan;
    private final Closure closure;

    FinishMark(ConcurrentImmix plan, Closure closure) {
        this.plan = plan;
        this.closure = closure;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        plan.flushBarriers();
        worker.addWork(Stage.PREPARE, new DrainMarkQueue(closure, plan.satb().queue()));
    }
}
