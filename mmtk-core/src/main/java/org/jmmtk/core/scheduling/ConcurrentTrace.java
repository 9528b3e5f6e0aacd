package org.jmmtk.core.scheduling;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.jmmtk.core.barrier.MarkQueue;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * One packet of a concurrent mark, run while the mutators run (mmtk-core's
 * {@code ConcurrentTraceObjects} in {@code plan/concurrent/concurrent_marking_work.rs}): takes the oldest
 * chunk of the {@link MarkQueue}, traces it depth first on the worker's edge stack through the
 * collection's trace (an object chunk's objects first, then the edges they and the edge chunk give), at
 * most the packet capacity of edges, and queues the edges left over as chunks of at most that many.
 * Edges are loaded when traced, so a slot the program overwrote since gives its new target: an object
 * reachable at the snapshot or allocated since (both live to a snapshot-at-the-beginning mark), and
 * the old one was logged by the barrier. Paced ({@code --pacing K}), the packet is one unit of work
 * and adds no packets; under real pacing it adds up to two successors while the queue holds chunks
 * and no pause asks the workers to yield.
 *
 * <p>Runs on one GC worker; the queue is shared with the other workers and the mutators' barriers.
 */
public final class ConcurrentTrace extends WorkPacket<Collector> {
    private final Closure closure;
    private final MarkQueue queue;
    private final BooleanSupplier yield;
    private final boolean paced;
    // receives the trace bytes of the objects this packet and its successors mark, or null
    private final LongAdder marked;

    /**
     * A packet tracing {@code queue}'s oldest chunk with {@code closure}'s trace; unless {@code paced},
     * adding successors until {@code yield} says a pause waits.
     */
    public ConcurrentTrace(Closure closure, MarkQueue queue, BooleanSupplier yield, boolean paced) {
        this(closure, queue, yield, paced, null);
    }

    /**
     * As {@link #ConcurrentTrace(Closure, MarkQueue, BooleanSupplier, boolean)}, adding to {@code marked} the
     * trace bytes of the objects it marks: the worker's counters are a pause's, reset when the next starts.
     */
    public ConcurrentTrace(Closure closure, MarkQueue queue, BooleanSupplier yield, boolean paced, LongAdder marked) {
        this.closure = closure;
        this.queue = queue;
        this.yield = yield;
        this.paced = paced;
        this.marked = marked;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        MarkQueue.Chunk chunk = queue.poll();
        if (chunk != null) {
            trace(worker, chunk);
        }
        if (!paced && !yield.getAsBoolean()) {
            int more = Math.min(2, queue.size());
            for (int i = 0; i < more; i++) {
                worker.addWork(Stage.UNCONSTRAINED, new ConcurrentTrace(closure, queue, yield, false, marked));
            }
        }
    }

    private void trace(GCWorker<Collector> worker, MarkQueue.Chunk chunk) {
        Collector collector = worker.context();
        SimulatedMemory memory = closure.memory();
        ObjectTrace trace = closure.trace();
        long markedBefore = collector.bytesMarked();
        long[] items = chunk.items();
        if (chunk.objects()) {
            collector.pushEdges(items, 0);
            for (int i = 0; i < chunk.count(); i++) {
                trace.traceObject(items[i], collector);
            }
        } else {
            collector.pushEdges(items, chunk.count());
        }
        int budget = closure.packetCapacity();
        int traced = 0;
        while (collector.edgesLeft() > 0 && traced < budget) {
            long object = memory.load(collector.popEdge());
            traced++;
            if (object != 0) {
                trace.traceObject(object, collector);
            }
        }
        collector.countEdges(traced);
        if (marked != null) {
            marked.add(collector.bytesMarked() - markedBefore);
        }
        Tracepoints.processEdges(worker.gc(), id(), traced, false);
        requeue(collector.edgeStack(), collector.edgesLeft(), budget, queue);
        collector.pushEdges(items, 0);
    }

    /** Queues {@code stack[0, top)} in chunks of at most {@code capacity} edges, the top of the stack first. */
    static void requeue(long[] stack, int top, int capacity, MarkQueue queue) {
        for (int end = top; end > 0; end -= capacity) {
            int start = Math.max(0, end - capacity);
            queue.addEdges(Arrays.copyOfRange(stack, start, end), end - start);
        }
    }
}
