package org.jmmtk.core.scheduling;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import org.jmmtk.core.barrier.MarkQueue;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.policy.TraceLocal;

/**
 * The trace of an InitialMark pause (mmtk-core's {@code plan/concurrent} initial mark): marks the object
 * of each root through its space's policy and makes it gray, recorded in its worker's list, instead of
 * scanning it, so the pause's closure ends at the roots and the rest of the mark runs concurrently.
 * After the closure, {@link #publish} queues the gray objects in address order (the set does not depend
 * on the number of GC threads, so neither does the queue).
 *
 * <p>Workers trace in parallel, each into its own list (indexed by its collector's ordinal); publish runs
 * in a later stage, on one worker.
 */
public final class ShadeRoots implements ObjectTrace {
    private final SpaceTable spaces;
    private final Shade[] shades;

    public ShadeRoots(SpaceTable spaces, int workers) {
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

    /** Queues the gray objects on {@code queue}, in address order, in chunks of at most {@code capacity}; forgets them. */
    public void publish(MarkQueue queue, int capacity) {
        LongArrayList all = new LongArrayList();
        for (int i = 0; i < shades.length; i++) {
            if (shades[i] != null) {
                all.addAll(shades[i].gray);
                shades[i] = null;
            }
        }
        long[] gray = all.toLongArray();
        Arrays.sort(gray);
        for (int from = 0; from < gray.length; from += capacity) {
            int to = Math.min(gray.length, from + capacity);
            queue.addObjects(Arrays.copyOfRange(gray, from, to), to - from);
        }
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
