package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The jmmtk events of a JFR recording, typed and sorted by start time (JFR hands them out of order).
 * Times are nanoseconds since the epoch. The reports of {@code jmmtk probes} work on this; the records are
 * what {@link ProbeDecoder} decodes.
 */
public final class ProbeEvents {
    /** A collection (jmmtk.GC). */
    public record Gc(int gc, String plan, String kind, String reason, long start, long end) {
    }

    /**
     * A work packet's execution (jmmtk.WorkPacket). {@code spawnOffset}: nanoseconds from the parent's start to
     * this packet's creation; {@code queued}: from its creation to its start; {@code cpuTime}: the worker
     * thread's CPU time while it ran the packet; {@code spawnCpuOffset}: the parent thread's CPU time from the
     * parent's start to this packet's creation; each -1 when not recorded.
     */
    public record Packet(int gc, String type, int worker, String stage, long id, long parent, String source,
                         long start, long end, long thread, long spawnOffset, long queued, long cpuTime,
                         long spawnCpuOffset) {
        /** A packet recorded without CPU times. */
        public Packet(int gc, String type, int worker, String stage, long id, long parent, String source, long start,
                      long end, long thread, long spawnOffset, long queued) {
            this(gc, type, worker, stage, id, parent, source, start, end, thread, spawnOffset, queued, -1, -1);
        }

        /** A packet recorded without creation times. */
        public Packet(int gc, String type, int worker, String stage, long id, long parent, String source, long start,
                      long end, long thread) {
            this(gc, type, worker, stage, id, parent, source, start, end, thread, -1, -1);
        }
    }

    /** The body of a ProcessEdges packet (jmmtk.ProcessEdges). */
    public record Edges(int gc, long packetId, int edges, boolean roots, long time) {
    }

    /** A bucket opening (jmmtk.BucketOpen) and the Java thread that opened it. */
    public record Bucket(int gc, String stage, long time, long thread) {
    }

    /** An allocation slow path (jmmtk.AllocSlowPath); {@code mutator < 0} for GC copy allocators. */
    public record SlowPath(int mutator, long bytes, String space, long start, long end, long thread) {
    }

    /** A wait for a page resource's lock held by another thread (jmmtk.PageLockContended). */
    public record LockWait(String space, long start, long end, long thread) {
    }

    /** Heap occupancy at the start or end of a collection (jmmtk.HeapUsage). */
    public record Heap(int gc, boolean after, long usedBytes, long liveBytes, long time) {
    }

    public final List<Gc> gcs = new ArrayList<>();
    public final List<Packet> packets = new ArrayList<>();
    public final List<Edges> edges = new ArrayList<>();
    public final List<Bucket> buckets = new ArrayList<>();
    public final List<SlowPath> slowPaths = new ArrayList<>();
    public final List<Heap> heap = new ArrayList<>();
    public final List<LockWait> lockWaits = new ArrayList<>();

    /** Reads every jmmtk event of {@code file}. */
    public static ProbeEvents read(Path file) throws IOException {
        ProbeEvents e = new ProbeEvents();
        ProbeDecoder.read(file, e.collector());
        e.gcs.sort(Comparator.comparingLong(Gc::start));
        e.packets.sort(Comparator.comparingLong(Packet::start));
        e.edges.sort(Comparator.comparingLong(Edges::time));
        e.buckets.sort(Comparator.comparingLong(Bucket::time));
        e.slowPaths.sort(Comparator.comparingLong(SlowPath::start));
        e.heap.sort(Comparator.comparingLong(Heap::time));
        e.lockWaits.sort(Comparator.comparingLong(LockWait::start));
        return e;
    }

    private ProbeDecoder.Sink collector() {
        return new ProbeDecoder.Sink() {
            @Override
            public void gc(Gc e) {
                gcs.add(e);
            }

            @Override
            public void packet(Packet e) {
                packets.add(e);
            }

            @Override
            public void edges(Edges e) {
                edges.add(e);
            }

            @Override
            public void bucket(Bucket e) {
                buckets.add(e);
            }

            @Override
            public void slowPath(SlowPath e) {
                slowPaths.add(e);
            }

            @Override
            public void heap(Heap e) {
                heap.add(e);
            }

            @Override
            public void lockWait(LockWait e) {
                lockWaits.add(e);
            }
        };
    }

    /** Whether nothing jmmtk-related was recorded. */
    public boolean isEmpty() {
        return gcs.isEmpty() && packets.isEmpty() && edges.isEmpty() && buckets.isEmpty() && slowPaths.isEmpty()
                && heap.isEmpty() && lockWaits.isEmpty();
    }

    /** The numbers of the collections whose reason is "final" (the run's reachability measurement). */
    public java.util.Set<Integer> finalGcs() {
        java.util.Set<Integer> set = new java.util.HashSet<>();
        for (Gc g : gcs) {
            if ("final".equals(g.reason())) {
                set.add(g.gc());
            }
        }
        return set;
    }
}
