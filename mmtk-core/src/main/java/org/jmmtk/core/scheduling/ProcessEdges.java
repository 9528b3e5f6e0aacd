package org.jmmtk.core.scheduling;

import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * The transitive closure's packet (MMTk's {@code ProcessEdgesWork} with its object scanning): traces
 * the target of each of its edges through the collection's trace kind, updates edges whose target
 * moved, then scans the objects it reached first (queued in the worker's {@link Collector}, not in the
 * packet: packets made one after the other lie side by side in memory and may run on two workers at
 * once) and packs their non-null reference slots into new packets of at most the packet capacity.
 * Root packets carry the is-roots flag, and report each root's object to plugins that asked.
 */
public final class ProcessEdges extends WorkPacket {
    private final Closure closure;
    private final long[] edges;
    private final int count;
    private final boolean roots;

    public ProcessEdges(Closure closure, long[] edges, int count, boolean roots) {
        this.closure = closure;
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
        collector.countEdges(count);
        SimulatedMemory memory = closure.memory();
        GcWorkContext trace = closure.trace();
        PluginHost plugins = closure.plugins();
        boolean reportRoots = roots && plugins.wantsRootScans();
        collector.startQueue(count);
        for (int i = 0; i < count; i++) {
            long slot = edges[i];
            long object = memory.load(slot);
            if (object != 0) {
                if (reportRoots) {
                    plugins.rootScan(object);
                }
                long traced = trace.traceObject(object, collector);
                if (traced != object) {
                    memory.store(slot, traced);
                }
            }
        }
        scanObjects(worker, memory, collector.queue(), collector.queued());
    }

    private void scanObjects(GCWorker worker, SimulatedMemory memory, long[] nodes, int nodeCount) {
        EdgeBuffer out = new EdgeBuffer(closure, worker, false);
        for (int k = 0; k < nodeCount; k++) {
            out.visitNonNullSlots(memory, nodes[k]);
        }
        out.flush();
    }
}
