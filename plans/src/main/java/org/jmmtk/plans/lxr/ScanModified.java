package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.EdgeBuffer;
import org.jmmtk.core.scheduling.KeptReferences;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of an RC pause: the reference slots of every object the barriers logged this epoch
 * become edges of the pause's closure, whose trace turns each into an increment of the slot's current
 * referent (and, for a young referent, its first increment: it survives). A weak slot is no edge (weak
 * slots do not count); a logged reference object whose weak slot holds a referent is noted for the
 * pause's reference processing ({@link KeptReferences#note}). One packet for all mutators.
 */
final class ScanModified extends WorkPacket<Collector> {
    private final Lxr plan;
    private final Closure closure;

    ScanModified(Lxr plan, Closure closure) {
        this.plan = plan;
        this.closure = closure;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        SimulatedMemory memory = plan.memory();
        EdgeBuffer edges = new EdgeBuffer(closure, worker, false);
        KeptReferences references = plan.keptReferences();
        for (Mutator m : plan.mutators()) {
            LongArrayList modified = ((LxrMutator) m).fieldBarrier().modified();
            for (int i = 0, n = modified.size(); i < n; i++) {
                long object = modified.getLong(i);
                edges.visitNonNullSlots(memory, object, references.note(object));
            }
        }
        edges.flush();
    }
}
