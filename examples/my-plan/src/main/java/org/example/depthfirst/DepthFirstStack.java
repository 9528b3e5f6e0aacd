package org.example.depthfirst;

import java.util.Arrays;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.TraceLocal;
import org.jmmtk.core.scheduling.Collector;

/**
 * One GC worker's explicit depth-first stack of reference slots. It is the trace-local the spaces
 * see: an object they copy (or mark) first is not queued for a later packet but has its slots pushed
 * here, last slot first, so that its first child is traced next; everything else (copy allocation,
 * counting, move reports) goes to the worker's {@link Collector}. Used only by its worker.
 */
final class DepthFirstStack implements TraceLocal {
    private final Collector collector;
    private final SimulatedMemory memory;
    private long[] slots = new long[64];
    private int size;

    DepthFirstStack(Collector collector, SimulatedMemory memory) {
        this.collector = collector;
        this.memory = memory;
    }

    /** Traces every slot on the stack, and those of every object that reaches first, until it is empty. */
    void drain(DepthFirstTrace trace) {
        while (size > 0) {
            long slot = slots[--size];
            long target = memory.load(slot);
            if (target != 0) {
                collector.countEdges(1);
                long moved = trace.traceOne(target, this);
                if (moved != target) {
                    memory.store(slot, moved);
                }
            }
        }
    }

    @Override
    public void enqueue(long object) {
        int n = ObjectModel.refSlots(memory, object);
        if (size + n > slots.length) {
            slots = Arrays.copyOf(slots, Math.max(2 * slots.length, size + n));
        }
        for (int i = n - 1; i >= 0; i--) {
            slots[size++] = ObjectModel.slotAddress(object, i);
        }
    }

    @Override
    public long allocCopy(long bytes) {
        return collector.allocCopy(bytes);
    }

    @Override
    public void copied(long from, long to, long traceBytes, long bytes) {
        collector.copied(from, to, traceBytes, bytes);
    }

    @Override
    public void evacuated(long from, long to, long traceBytes, long bytes) {
        collector.evacuated(from, to, traceBytes, bytes);
    }

    @Override
    public void moved(long from, long to) {
        collector.moved(from, to);
    }

    @Override
    public void marked(long traceBytes) {
        collector.marked(traceBytes);
    }
}
