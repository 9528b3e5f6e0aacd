package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Lets the binding retain or clear its weak references once the closure is complete. */
public final class ProcessWeakRefs extends WorkPacket {
    private final MMTK mmtk;

    public ProcessWeakRefs(MMTK mmtk) {
        this.mmtk = mmtk;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.binding().processWeakRefs(worker);
    }
}
