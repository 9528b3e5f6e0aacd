package org.jmmtk.plans.genimmix;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage of a nursery collection: redirects the fields of a slice of listed objects (the
 * promoted copies and the remembered objects) that point to promoted nursery objects. Slices are
 * disjoint, so these packets run in parallel (an object listed twice is redirected twice, to the same
 * address).
 */
final class ForwardFields extends WorkPacket {
    private final SimulatedMemory memory;
    private final long[] objects;
    private final int from;
    private final int to;
    private final ForwardingSpace target;

    ForwardFields(SimulatedMemory memory, long[] objects, int from, int to, ForwardingSpace target) {
        this.memory = memory;
        this.objects = objects;
        this.from = from;
        this.to = to;
        this.target = target;
    }

    @Override
    public void execute(GCWorker worker) {
        for (int i = from; i < to; i++) {
            ForwardingSpace.updateSlots(memory, target, objects[i]);
        }
    }
}
