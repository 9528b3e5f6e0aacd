package org.jmmtk.core.scheduling;

import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.vm.Scanning;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage: redirects one mutator's root slots (or the global ones) to the new addresses of
 * the objects a {@link ForwardingSpace} moved. Packets for different mutators run in parallel.
 */
public final class ForwardRoots extends WorkPacket<Collector> {
    /** The mutator ordinal that stands for the global roots. */
    public static final int GLOBAL = -1;

    private final Scanning scanning;
    private final int mutator;
    private final ForwardingSpace space;

    public ForwardRoots(Scanning scanning, int mutator, ForwardingSpace space) {
        this.scanning = scanning;
        this.mutator = mutator;
        this.space = space;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        if (mutator == GLOBAL) {
            scanning.scanGlobalRoots(space::updateSlot);
        } else {
            scanning.scanMutatorRoots(mutator, space::updateSlot);
        }
    }
}
