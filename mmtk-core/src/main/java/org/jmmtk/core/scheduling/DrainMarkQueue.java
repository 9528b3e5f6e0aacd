package org.jmmtk.core.scheduling;

import java.util.Arrays;
import org.jmmtk.core.barrier.MarkQueue;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * In the pause that ends a concurrent mark (FinalMark), after the mutators' SATB buffers were flushed:
 * turns the whole {@link MarkQueue} into closure work, so the pause's parallel closure finishes the
 * mark. Edge chunks become ProcessEdges packets as they are; the objects of object chunks are traced
 * here (marked, their slots pushed) and the edges they give become ProcessEdges packets of at most the
 * packet capacity. The marked set after the closure is the closure of what was queued, whatever the
 * order, so it does not depend on the number of GC threads.
 */
public final class DrainMarkQueue extends WorkPacket<Collector> {
    private final Closure closure;
    private final MarkQueue queue;

    public DrainMarkQueue(Closure closure, MarkQueue queue) {
        this.closure = closure;
        this.queue = queue;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        Collector collector = worker.context();
        int capacity = closure.packetCapacity();
        for (MarkQueue.Chunk c = queue.poll(); c != null; c = queue.poll()) {
            if (!c.objects()) {
                worker.addWork(Stage.CLOSURE, new ProcessEdges(closure, c.items(), c.count(), false));
                continue;
            }
            collector.pushEdges(c.items(), 0);
            long[] objects = c.items();
            for (int i = 0; i < c.count(); i++) {
                closure.trace().traceObject(objects[i], collector);
            }
            long[] stack = collector.edgeStack();
            for (int end = collector.edgesLeft(); end > 0; end -= capacity) {
                int start = Math.max(0, end - capacity);
                worker.addWork(Stage.CLOSURE,
                        new ProcessEdges(closure, Arrays.copyOfRange(stack, start, end), end - start, false));
            }
            collector.pushEdges(objects, 0);
        }
    }
}
