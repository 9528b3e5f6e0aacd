package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** The last packet of a collection: the plan's end-of-GC step. Mutators resume after it. */
public final class EndOfGC extends WorkPacket {
    private final MMTK mmtk;
    private final CollectionKind kind;

    public EndOfGC(MMTK mmtk, CollectionKind kind) {
        this.mmtk = mmtk;
        this.kind = kind;
    }

    @Override
    public void execute(GCWorker worker) {
        mmtk.plan().endOfGC(kind);
    }
}
