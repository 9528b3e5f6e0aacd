package org.jmmtk.core.scheduling;

import org.jmmtk.core.analysis.PluginHost;
import java.util.Arrays;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
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
        scanObjects(worker, memory, collector);
    }

    /**
     * Packs the non-null slots of the objects this packet reached first into new packets, gathering them
     * in the worker's scratch array: no growth checks per edge, one exact-size copy per packet made.
     */
    private void scanObjects(GCWorker worker, SimulatedMemory memory, Collector collector) {
        long[] nodes = collector.queue();
        int nodeCount = collector.queued();
        int capacity = closure.packetCapacity();
        long[] out = collector.scratch(capacity);
        int size = 0;
        for (int k = 0; k < nodeCount; k++) {
            long object = nodes[k];
            int slots = ObjectModel.refSlots(memory, object);
            long slot = ObjectModel.slotAddress(object, 0);
            for (int j = 0; j < slots; j++, slot += 8) {
                if (memory.load(slot) != 0) {
                    out[size++] = slot;
                    if (size == capacity) {
                        worker.addWork(Stage.CLOSURE, new ProcessEdges(closure, out.clone(), size, false));
                        size = 0;
                    }
                }
            }
        }
        if (size > 0) {
            worker.addWork(Stage.CLOSURE, new ProcessEdges(closure, Arrays.copyOf(out, size), size, false));
        }
    }
}
