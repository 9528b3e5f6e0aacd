package org.jmmtk.core.scheduling;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * The transitive closure's packet (MMTk's {@code ProcessEdgesWork} with its object scanning): traces
 * the target of each of its edges through the plan, updates edges whose target moved, then scans the
 * objects it reached first (queued in the worker's {@link Collector}, not in the packet: packets made
 * one after the other lie side by side in memory and may run on two workers at once) and packs their
 * non-null reference slots into new packets of at most the packet capacity (logging them as survivors
 * if the binding asked). Root packets carry the is-roots flag.
 */
public final class ProcessEdges extends WorkPacket {
    private final MMTK mmtk;
    private final long[] edges;
    private final int count;
    private final boolean roots;

    public ProcessEdges(MMTK mmtk, long[] edges, int count, boolean roots) {
        this.mmtk = mmtk;
        this.edges = edges;
        this.count = count;
        this.roots = roots;
    }

    public int edgeCount() {
        return count;
    }

    public boolean isRoots() {
        return roots;
    }

    @Override
    public void execute(GCWorker worker) {
        Collector collector = (Collector) worker.context();
        Tracepoints.processEdges(worker.gc(), id(), count, roots);
        collector.edgesTraced += count;
        SimulatedMemory memory = mmtk.memory();
        Plan plan = mmtk.plan();
        collector.startQueue(count);
        for (int i = 0; i < count; i++) {
            long slot = edges[i];
            long object = memory.load(slot);
            if (object != 0) {
                long traced = plan.traceObject(collector, object, collector);
                if (traced != object) {
                    memory.store(slot, traced);
                }
            }
        }
        scanObjects(worker, memory, collector.queue(), collector.queued(), collector.survivors);
    }

    private void scanObjects(GCWorker worker, SimulatedMemory memory, long[] nodes, int nodeCount,
                             SurvivorLog survivors) {
        EdgeBuffer out = new EdgeBuffer(mmtk, worker, false);
        for (int k = 0; k < nodeCount; k++) {
            long object = nodes[k];
            if (survivors != null) {
                survivors.add(ObjectModel.id(memory, object), object);
            }
            int slots = ObjectModel.refSlots(memory, object);
            long slot = ObjectModel.slotAddress(object, 0);
            for (int j = 0; j < slots; j++, slot += 8) {
                if (memory.load(slot) != 0) {
                    out.visitEdge(slot);
                }
            }
        }
        out.flush();
    }
}
