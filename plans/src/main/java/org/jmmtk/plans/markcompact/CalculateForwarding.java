package org.jmmtk.plans.markcompact;

import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage, one packet: walks the mark-compact space in address order, gives each
 * live object its new address and frees the dead; then schedules the reference updates (RefForwarding:
 * one packet per mutator's roots, one for the global roots, one per range of live objects, one per
 * other space) and the slide (Compact).
 */
final class CalculateForwarding extends WorkPacket {
    /** Live objects per reference-updating packet. */
    static final int OBJECTS_PER_PACKET = 1024;

    private final MarkCompact plan;

    CalculateForwarding(MarkCompact plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker worker) {
        MarkCompactSpace mc = plan.markCompactSpace();
        mc.calculateForwarding();
        for (Mutator m : plan.mutators()) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardRoots(plan, m.ordinal()));
        }
        worker.addWork(Stage.REF_FORWARDING, new ForwardRoots(plan, ForwardRoots.GLOBAL));
        int live = mc.liveCount();
        for (int from = 0; from < live; from += OBJECTS_PER_PACKET) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardFields(mc, from, Math.min(live, from + OBJECTS_PER_PACKET)));
        }
        for (Space s : plan.spaces()) {
            if (s != mc) {
                worker.addWork(Stage.REF_FORWARDING, new ForwardSpace(plan, s));
            }
        }
        worker.addWork(Stage.COMPACT, new Compact(mc));
    }
}
