package org.jmmtk.core.scheduling;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage of a partial collection: redirects the fields of a slice of listed objects (the
 * only ones that can point to what moved: genimmix's promoted copies and remembered objects,
 * Older-First's window survivors and remembered objects) that point to moved objects of the target.
 * Slices are disjoint, so these packets run in parallel (an object listed twice is redirected twice,
 * to the same address).
 */
public final class ForwardListedFields extends WorkPacket<Collector> {
    private final SimulatedMemory memory;
    private final long[] objects;
    private final int from;
    private final int to;
    private final ForwardingSpace target;

    /** Objects per packet of {@link #schedule}. */
    public static final int CHUNK = 4096;

    /** Adds, to the RefForwarding stage, packets of {@link #CHUNK} objects that together redirect all of {@code objects}. */
    public static void schedule(GCWorker<Collector> worker, SimulatedMemory memory, long[] objects,
                                ForwardingSpace target) {
        for (int from = 0; from < objects.length; from += CHUNK) {
            worker.addWork(Stage.REF_FORWARDING,
                    new ForwardListedFields(memory, objects, from, Math.min(objects.length, from + CHUNK), target));
        }
    }

    public ForwardListedFields(SimulatedMemory memory, long[] objects, int from, int to, ForwardingSpace target) {
        this.memory = memory;
        this.objects = objects;
        this.from = from;
        this.to = to;
        this.target = target;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        for (int i = from; i < to; i++) {
            ForwardingSpace.updateSlots(memory, target, objects[i]);
        }
    }
}
