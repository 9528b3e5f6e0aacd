package org.jmmtk.core.scheduling;

import java.util.function.LongPredicate;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of a partial collection whose plan keeps its remembered objects itself (Older-First):
 * the reference slots of a slice of remembered objects that point into the collected region become
 * edges of the closure, the roots that the pointers from outside the region add; in a collection that
 * discovers references, such a weak slot is set aside for the {@link ReferenceProcessor} instead. Slices
 * are disjoint, so these packets run in parallel.
 */
public final class ScanRememberedSlots extends WorkPacket<Collector> {
    private final Closure closure;
    private final long[] objects;
    private final int from;
    private final int to;
    private final LongPredicate collected;
    private final ReferenceProcessor references;

    /**
     * Scans {@code objects[from..to)}; a slot is an edge if its target is {@code collected}, unless it is
     * the weak slot {@code references} sets aside ({@link ReferenceProcessor#weakSlotToSetAside}).
     */
    public ScanRememberedSlots(Closure closure, long[] objects, int from, int to, LongPredicate collected,
                               ReferenceProcessor references) {
        this.closure = closure;
        this.objects = objects;
        this.from = from;
        this.to = to;
        this.collected = collected;
        this.references = references;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        SimulatedMemory memory = closure.memory();
        EdgeBuffer edges = new EdgeBuffer(closure, worker, false);
        for (int i = from; i < to; i++) {
            long object = objects[i];
            long weak = references.weakSlotToSetAside(memory, object);
            int slots = ObjectModel.refSlots(memory, object);
            long slot = ObjectModel.slotAddress(object, 0);
            for (int j = 0; j < slots; j++, slot += 8) {
                long target = memory.load(slot);
                if (target != 0 && collected.test(target)) {
                    if (slot == weak) {
                        references.setAside(slot);
                    } else {
                        edges.visitEdge(slot);
                    }
                }
            }
        }
        edges.flush();
    }
}
