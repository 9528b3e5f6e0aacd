package org.jmmtk.core.scheduling;

import org.jmmtk.core.vm.Collection;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Lets the binding retain or clear its weak references once the closure is complete. */
public final class ProcessWeakRefs extends WorkPacket<Collector> {
    private final Collection collection;

    public ProcessWeakRefs(Collection collection) {
        this.collection = collection;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        collection.processWeakRefs(worker);
    }
}
