package org.jmmtk.plans.serial;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ForwardListedFields;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a young collection, one packet: moves, in HotSpot's order, the objects the closure marked
 * in eden and the from-space ({@link Serial#scavenge}: to the to-space, aged, or to the old
 * generation, or nowhere), then schedules the RefForwarding pass: the roots, the copies in the
 * to-space in parallel slices, and one {@link ForwardOld} packet for the old generation's side.
 */
final class Scavenge extends WorkPacket<Collector> {
    /** Objects per RefForwarding packet over the to-space copies. */
    private static final int FORWARD_CHUNK = 4096;

    /** What one young collection moved or kept. */
    static final class Moved {
        final LongArrayList survivors = new LongArrayList();
        final LongArrayList promoted = new LongArrayList();
        final LongArrayList kept = new LongArrayList();
    }

    private final Serial plan;

    Scavenge(Serial plan) {
        this.plan = plan;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        Moved moved = plan.scavenge(worker.context());
        plan.scheduleYoungRootForwarding(worker);
        long[] survivors = moved.survivors.toLongArray();
        for (int from = 0; from < survivors.length; from += FORWARD_CHUNK) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardListedFields(plan.memory(), survivors, from,
                    Math.min(survivors.length, from + FORWARD_CHUNK), plan.forwardYoung()));
        }
        worker.addWork(Stage.REF_FORWARDING, new ForwardOld(plan, moved.promoted.toLongArray(), moved.kept.toLongArray()));
    }
}
