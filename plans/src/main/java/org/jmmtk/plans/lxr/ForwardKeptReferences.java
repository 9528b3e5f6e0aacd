package org.jmmtk.plans.lxr;

import java.util.function.LongUnaryOperator;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.KeptReferences;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage of a full collection that moved objects (defragmentation or the emergency slide),
 * one packet: the reference objects lxr keeps between pauses ({@link KeptReferences}) are listed by
 * their new addresses, while the old ones still tell where each went.
 */
final class ForwardKeptReferences extends WorkPacket<Collector> {
    private final KeptReferences references;
    private final LongUnaryOperator newAddress;

    ForwardKeptReferences(KeptReferences references, LongUnaryOperator newAddress) {
        this.references = references;
        this.newAddress = newAddress;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        references.forward(newAddress);
    }
}
