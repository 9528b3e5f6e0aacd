package org.jmmtk.core.scheduling;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage: redirects the fields of the live objects in one address range of a space that
 * point to objects a {@link ForwardingSpace} moved. Objects are found through the valid-object bits
 * and are live if their space says they are marked ({@link Space#isMarked}: the immortal space's mark
 * state alternates; an object that was itself moved away is not marked at its old place). Those
 * spaces are swept, or unmarked, only later (Release, Final). Ranges are disjoint, so these packets
 * run in parallel.
 */
public final class ForwardObjects extends WorkPacket<Collector> {
    private final SimulatedMemory memory;
    private final SideBitmap validObjects;
    private final Space space;
    private final long from;
    private final long to;
    private final ForwardingSpace target;

    /** Redirects the fields of the marked objects of {@code space} that start in {@code [from, to)}. */
    public ForwardObjects(SimulatedMemory memory, SideBitmap validObjects, Space space, long from, long to,
                          ForwardingSpace target) {
        this.memory = memory;
        this.validObjects = validObjects;
        this.space = space;
        this.from = from;
        this.to = to;
        this.target = target;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        for (long o = validObjects.next(from, to); o >= 0; o = validObjects.next(o + 8, to)) {
            if (space.isMarked(o)) {
                ForwardingSpace.updateSlots(memory, target, o);
            }
        }
    }
}
