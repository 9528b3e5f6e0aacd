package org.jmmtk.core.policy;

import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Sweeps the large object space. */
public final class SweepLargeObjects extends WorkPacket {
    private final LargeObjectSpace space;

    public SweepLargeObjects(LargeObjectSpace space) {
        this.space = space;
    }

    @Override
    public void execute(GCWorker worker) {
        space.sweep();
    }
}
