package org.jmmtk.core.scheduling;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import org.jmmtk.core.barrier.MarkQueue;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.policy.TraceLocal;

/**
 * The trace of an InitialMark pause (mmtk-core's {@code plan/concurrent} initial mark): marks the object
 * of each root through its space's policy and makes it gray, recorded in its worker's list, instead of
 * scanning it, so the pause's closure ends at the roots and the rest of the mark runs concurrently.
 * After the closure, {@link #publish} scans the gray objects in address order and queues their edges
 * (the set does not depend on the number of GC threads, so neither does the queue): a gray object is
 * marked already, so it is its slots that are left to trace.
 *
 * <p>Workers trace in parallel, each into its own list (indexed by its collector's ordinal); publish runs
 * in a later stage, on one worker.
 */
public final class ShadeRoots implements ObjectTrace {
    private final SimulatedMemory memory;
    private final SpaceTable spaces;
    private final Shade[] shades;

    public ShadeRoots(SimulatedMemory memory, SpaceTable spaces, int workers) {
        this.memory = memory;
        this.spaces = spaces;
        this.shades = new Shade[workers];
    }

    @Override
    public long traceObject(long object, Collector collector) {
        Shade shade = shades[collector.ordinal()];
        if (shade == null) {
            shade = new Shade(collector);
            shades[collector.ordinal()] = shade;
        }
        Space space = spaces.spaceOf(object);
        if (space == null) {
            throw new IllegalStateException(String.format("shaded 0x%x, which is in no space", object));
        }
        return space.traceObject(object, shade);
    }

    /**
     * Queues the non-null slots of the gray objects on {@code queue}, objects in address order, in chunks
     * of at most {@code capacity} edges; forgets the gray objects. If the collection discovers references,
     * a gray object's weak slot is not queued but discovered by {@code collector}, the publishing worker's
     * context, as its scans would (the concurrent mark's discoveries, kept until the pause that ends it).
     */
    public void publish(MarkQueue queue, int capacity, Collector collector) {
        LongArrayList all = new LongArrayList();
        for (int i = 0; i < shades.length; i++) {
            if (shades[i] != null) {
                all.addAll(shades[i].gray);
                shades[i] = null;
            }
        }
        long[] gray = all.toLongArray();
        Arrays.sort(gray);
        long[] edges = new long[capacity];
        int n = 0;
        for (long object : gray) {
            int slots = ObjectModel.refSlots(memory, object);
            long weak = collector.discoverWeakSlot(object, slots);
            long slot = ObjectModel.slotAddress(object, 0);
            for (int i = 0; i < slots; i++, slot += 8) {
                if (slot != weak && memory.load(slot) != 0) {
                    edges[n++] = slot;
                    if (n == capacity) {
                        queue.addEdges(edges, n);
                        edges = new long[capacity];
                        n = 0;
                    }
                }
            }
        }
        queue.addEdges(edges, n);
    }

    /** A worker's view of the InitialMark trace: counts marks on its collector, keeps the objects gray. */
    private static final class Shade implements TraceLocal {
        private final Collector collector;
        private final LongArrayList gray = new LongArrayList();

        Shade(Collector collector) {
            this.collector = collector;
        }

        @Override
        public void enqueue(long object) {
            gray.add(object);
        }

        @Override
        public long allocCopy(long bytes) {
            throw new IllegalStateException("an InitialMark does not copy");
        }

        @Override
        public void copied(long from, long to, long traceBytes, long bytes) {
            throw new IllegalStateException("an InitialMark does not copy");
        }

        @Override
        public void evacuated(long from, long to, long traceBytes, long bytes) {
            throw new IllegalStateException("an InitialMark does not copy");
        }

        @Override
        public void moved(long from, long to) {
            throw new IllegalStateException("an InitialMark does not move objects");
        }

        @Override
        public void marked(long traceBytes) {
            collector.marked(traceBytes);
        }
    }
}
