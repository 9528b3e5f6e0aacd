package org.jmmtk.plans.genimmix;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of every genimmix collection, one packet: walks the nursery's objects in
 * address order and promotes each one the closure marked into the Immix space
 * ({@link ImmixSpace#promote}); in a full collection then evacuates Immix's defragmentation sources
 * ({@link ImmixSpace#evacuate}); then schedules the RefForwarding pass if anything moved. One packet
 * with the plan's one promotion allocator, so where each object goes does not depend on the number of
 * GC threads.
 */
final class Promote extends WorkPacket<Collector> {
    private final GenImmix plan;
    private final boolean full;

    Promote(GenImmix plan, boolean full) {
        this.plan = plan;
        this.full = full;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        Collector collector = worker.context();
        SimulatedMemory memory = plan.memory();
        SideBitmap valid = plan.heap().validObjects();
        CopySpace nursery = plan.nursery();
        ImmixSpace immix = plan.immixSpace();
        LongArrayList copies = new LongArrayList();
        long promoted = 0;
        long end = nursery.allocatedEnd();
        for (long o = valid.next(nursery.start(), end); o >= 0; o = valid.next(o + 8, end)) {
            if (ObjectModel.isMarked(memory, o)) {
                promoted += ObjectModel.traceBytes(memory, o);
                copies.add(immix.promote(o, collector, full));
            }
        }
        long evacuated = full && immix.inDefrag() && immix.sourceBlocks() > 0 ? immix.evacuate(collector) : 0;
        plan.moved(promoted, evacuated);
        if (full && (evacuated > 0 || !copies.isEmpty())) {
            plan.scheduleFullForwarding(worker);
        } else if (!full && !copies.isEmpty()) {
            plan.scheduleNurseryForwarding(worker, copies);
        }
    }
}
