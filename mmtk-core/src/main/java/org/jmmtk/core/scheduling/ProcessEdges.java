package org.jmmtk.core.scheduling;

import java.util.Arrays;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * The transitive closure's packet (MMTk's {@code ProcessEdgesWork} with its object scanning). It traces
 * its edges depth first on the worker's edge stack: each edge's target goes through the collection's
 * {@link ObjectTrace}, an edge whose target moved is updated, and an object the trace reached first has
 * its non-null reference slots pushed at once (by {@link Collector#enqueue}, which the policy calls),
 * so its first child is traced next, while it is still in the cache. A packet traces at most the packet
 * capacity of edges (its work budget); the edges then left on the stack go to new packets
 * ({@link #spill}). A {@link FusedTrace} runs that loop itself, specialised to its policy.
 *
 * <p>Depth first, because tracing a packet's edges all before scanning any of the objects reached
 * visits the heap level by level: on a tree built depth first that order misses the cache on nearly
 * every object, and it took more than twice as long as depth first (docs/design.md, "Where one thread's closure
 * time goes"). Root packets carry the is-roots flag, and report their roots' objects to plugins that
 * asked before tracing any. Runs on one worker; the edge stack is that worker's.
 */
public final class ProcessEdges extends WorkPacket<Collector> {
    /** Packets the edges left over are split into, when there are that many: work for idle workers to steal. */
    private static final int SPILL_WAYS = 4;

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

    @Override
    public void execute(GCWorker<Collector> worker) {
        Collector collector = worker.context();
        SimulatedMemory memory = closure.memory();
        ObjectTrace trace = closure.trace();
        PluginHost plugins = closure.plugins();
        if (roots && plugins.wantsRootScans()) {
            reportRoots(memory, plugins);
        }
        collector.pushEdges(edges, count);
        int budget = closure.packetCapacity();
        int traced = trace instanceof FusedTrace fused
                ? fused.traceEdges(collector, memory, budget)
                : traceEdges(collector, memory, trace, budget);
        collector.countEdges(traced);
        Tracepoints.processEdges(worker.gc(), id(), traced, roots);
        if (collector.edgesLeft() > 0) {
            spill(worker, collector.edgeStack(), collector.edgesLeft());
        }
    }

    /** The generic loop: traces at most {@code budget} edges of the edge stack, each through {@code trace}. */
    private static int traceEdges(Collector collector, SimulatedMemory memory, ObjectTrace trace, int budget) {
        int traced = 0;
        while (collector.edgesLeft() > 0 && traced < budget) {
            long slot = collector.popEdge();
            traced++;
            long object = memory.load(slot);
            if (object == 0) {
                continue;
            }
            long moved = trace.traceObject(object, collector);
            if (moved != object) {
                memory.store(slot, moved);
            }
        }
        return traced;
    }

    private void reportRoots(SimulatedMemory memory, PluginHost plugins) {
        for (int i = 0; i < count; i++) {
            long object = memory.load(edges[i]);
            if (object != 0) {
                plugins.rootScan(object);
            }
        }
    }

    /**
     * Hands the edges left on the stack to new packets: {@value #SPILL_WAYS} of them when there are that
     * many edges, so that idle workers find work to steal (one packet would make a serial chain of the
     * rest of the closure), and more if needed to keep each within the packet capacity. The top of the
     * stack, the edges found last and nearest in the cache, is queued first.
     */
    private void spill(GCWorker<Collector> worker, long[] stack, int top) {
        int capacity = closure.packetCapacity();
        int packets = Math.max((top + capacity - 1) / capacity, Math.min(SPILL_WAYS, top));
        int end = top;
        for (int k = packets - 1; k >= 0; k--) {
            int start = (int) ((long) top * k / packets);
            worker.addWork(Stage.CLOSURE,
                    new ProcessEdges(closure, Arrays.copyOfRange(stack, start, end), end - start, false));
            end = start;
        }
    }
}
