package org.jmmtk.plans.stickyimmix;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage, one packet. In a nursery collection: the young survivors the closure
 * marked become old and are copied opportunistically ({@link ImmixSpace#copyNurserySurvivors}), then,
 * if any moved, a RefForwarding pass over the roots, the remembered objects and the survivors. In a
 * defragmenting full collection: the source blocks are evacuated as in immix ({@link ImmixSpace#evacuate}),
 * then RefForwarding over the whole heap; a medium object with no room stays and the evacuation goes on
 * (the copy allocator puts medium objects into holes that fit when no clean block is left). (An
 * emergency collection slides the space instead: {@link org.jmmtk.core.scheduling.SlideImmix}.) One
 * packet with this worker's copy allocator, reset at every collection, so where each object goes does
 * not depend on the number of GC threads.
 */
final class Evacuate extends WorkPacket<Collector> {
    private final StickyImmix plan;
    private final boolean full;

    Evacuate(StickyImmix plan, boolean full) {
        this.plan = plan;
        this.full = full;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        ImmixSpace immix = plan.immixSpace();
        if (full) {
            long moved = immix.evacuate(worker.context(), true);
            plan.moved(0, moved);
            if (moved > 0) {
                plan.scheduleFullForwarding(worker);
            }
            return;
        }
        LongArrayList survivors = new LongArrayList();
        long moved = immix.copyNurserySurvivors(worker.context(), survivors);
        long promoted = 0;
        for (int i = 0, n = survivors.size(); i < n; i++) {
            promoted += ObjectModel.traceBytes(plan.memory(), survivors.getLong(i));
        }
        plan.moved(promoted, moved);
        if (moved > 0) {
            plan.scheduleNurseryForwarding(worker, survivors);
        }
    }
}
