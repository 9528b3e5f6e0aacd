package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Release stage of an RC pause, one packet: frees, in address order, every large object whose count
 * is zero (young ones nothing referred to, and those whose last reference the decrements removed);
 * their pages go back at once.
 */
final class ReleaseLargeObjects extends WorkPacket<Collector> {
    private final LargeObjectSpace los;
    private final ReferenceCounts counts;

    ReleaseLargeObjects(LargeObjectSpace los, ReferenceCounts counts) {
        this.los = los;
        this.counts = counts;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        LongArrayList dead = new LongArrayList();
        los.walkObjects(los.start(), los.end(), object -> {
            if (counts.count(object) == 0) {
                dead.add(object);
            }
        });
        for (int i = 0, n = dead.size(); i < n; i++) {
            los.freeObject(dead.getLong(i));
        }
    }
}
