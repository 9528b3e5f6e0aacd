package org.jmmtk.core.policy;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Sweeps the large object space. */
public final class SweepLargeObjects extends WorkPacket<Collector> {
    private final LargeObjectSpace space;

    public SweepLargeObjects(LargeObjectSpace space) {
        this.space = space;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        space.sweep();
    }
}
