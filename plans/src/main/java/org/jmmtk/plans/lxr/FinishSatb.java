package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.barrier.MarkQueue;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ConcurrentTrace;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of a final-satb pause, one packet: the references the field barriers logged during
 * the snapshot trace (each logged object's referents at its first store since the snapshot, the same
 * entries that are this epoch's decrements) join the mark queue, and this packet finishes the snapshot
 * trace, chunk by chunk, before the Closure stage. Not in the pause's parallel closure: there the
 * increments give young objects their counts while the trace runs, and the trace, which skips objects
 * with no count (young), would mark a young object or not depending on the interleaving of GC threads.
 */
final class FinishSatb extends WorkPacket<Collector> {
    private final Lxr plan;
    private final Closure markClosure;
    private final MarkQueue queue;

    FinishSatb(Lxr plan, Closure markClosure, MarkQueue queue) {
        this.plan = plan;
        this.markClosure = markClosure;
        this.queue = queue;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        // this pause's weak-slot table whether or not this worker's Prepare ran yet (the same Prepare stage):
        // the trace skips the same slots for any number of GC threads
        worker.context().discoverReferences(plan.weakSlotTable());
        for (Mutator m : plan.mutators()) {
            LongArrayList logged = ((LxrMutator) m).fieldBarrier().decrements();
            queue.addObjects(logged.toLongArray(), logged.size());
        }
        ConcurrentTrace chunk = new ConcurrentTrace(markClosure, queue, () -> true, true);
        while (!queue.isEmpty()) {
            chunk.execute(worker);
        }
    }
}
