package org.jmmtk.plans.markcompact;

import java.util.concurrent.atomic.AtomicInteger;
import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage: splits the mark-compact space into address-ordered regions and adds a
 * {@link CountLive} packet per region (in parallel: each adds up its survivors and frees its dead).
 * The last of them to finish sums the regions ({@link #regionsCounted}), adds an
 * {@link AssignForwarding} packet per region (in parallel, same stage: each gives its survivors their
 * new addresses), then schedules the reference updates (RefForwarding: one packet per mutator's roots,
 * one for the global roots, one per {@value #OBJECTS_PER_PACKET} live objects, one per other space)
 * and the slide (Compact).
 */
final class CalculateForwarding extends WorkPacket<Collector> {
    /** Live objects per reference-updating packet. */
    static final int OBJECTS_PER_PACKET = 1024;

    private final MarkCompact plan;

    CalculateForwarding(MarkCompact plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        MarkCompactSpace mc = plan.markCompactSpace();
        int regions = mc.prepareForwarding();
        if (regions == 0) {
            regionsCounted(plan, worker);
            return;
        }
        AtomicInteger remaining = new AtomicInteger(regions);
        for (int r = 0; r < regions; r++) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new CountLive(plan, r, remaining));
        }
    }

    /** Runs once, after every region was counted. */
    static void regionsCounted(MarkCompact plan, GCWorker<Collector> worker) {
        MarkCompactSpace mc = plan.markCompactSpace();
        mc.sumRegions();
        int regions = mc.regions();
        for (int r = 0; r < regions; r++) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new AssignForwarding(mc, r));
        }
        int live = mc.liveCount();
        for (int from = 0; from < live; from += OBJECTS_PER_PACKET) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardFields(mc, from, Math.min(live, from + OBJECTS_PER_PACKET)));
        }
        plan.scheduleRefForwarding(worker);
        worker.addWork(Stage.COMPACT, new Compact(mc));
    }
}
