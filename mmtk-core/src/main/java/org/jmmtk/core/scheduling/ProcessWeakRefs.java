package org.jmmtk.core.scheduling;

import java.util.function.Consumer;
import org.jmmtk.core.vm.Collection;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Once the closure is complete: the plan resolves the weak slots its collection set aside (through its
 * {@link ReferenceProcessor}), then the binding retains or clears its own weak references.
 */
public final class ProcessWeakRefs extends WorkPacket<Collector> {
    private final Collection collection;
    private final Consumer<GCWorker<Collector>> weakSlots;

    public ProcessWeakRefs(Collection collection, Consumer<GCWorker<Collector>> weakSlots) {
        this.collection = collection;
        this.weakSlots = weakSlots;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        weakSlots.accept(worker);
        collection.processWeakRefs(worker);
    }
}
