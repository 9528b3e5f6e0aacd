package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Release stage of an RC pause, one packet: frees, in address order, every large object whose count
 * is zero (young ones nothing referred to, those whose last reference the decrements removed, and
 * after a snapshot trace those it found dead); their pages go back at once.
 */
final class ReleaseLargeObjects extends WorkPacket<Collector> {
    private final LargeObjectSpace los;
    private final ReferenceCounts counts;
    private final SimulatedMemory memory;
    private final boolean clearMarks;

    /** {@code clearMarks}: the survivors' marks go too (a final-satb pause). */
    ReleaseLargeObjects(LargeObjectSpace los, ReferenceCounts counts, SimulatedMemory memory, boolean clearMarks) {
        this.los = los;
        this.counts = counts;
        this.memory = memory;
        this.clearMarks = clearMarks;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        LongArrayList dead = new LongArrayList();
        los.walkObjects(los.start(), los.end(), object -> {
            if (counts.count(object) == 0) {
                dead.add(object);
            } else if (clearMarks) {
                ObjectModel.clearMark(memory, object);
            }
        });
        for (int i = 0, n = dead.size(); i < n; i++) {
            los.freeObject(dead.getLong(i));
        }
    }
}
