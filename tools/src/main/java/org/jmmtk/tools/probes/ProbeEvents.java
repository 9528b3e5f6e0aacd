package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.jmmtk.probes.AllocSlowPathEvent;
import org.jmmtk.probes.BucketOpenEvent;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.HeapUsageEvent;
import org.jmmtk.probes.ProcessEdgesEvent;
import org.jmmtk.probes.WorkPacketEvent;

/**
 * The jmmtk events of a JFR recording, typed and sorted by start time (JFR hands them out of order).
 * Times are nanoseconds since the epoch. Reports and the Perfetto exporter work on this.
 */
public final class ProbeEvents {
    /** A collection (jmmtk.GC). */
    public record Gc(int gc, String plan, String kind, String reason, long start, long end) {
    }

    /** A work packet's execution (jmmtk.WorkPacket). */
    public record Packet(int gc, String type, int worker, String stage, long id, long parent, String source,
                         long start, long end, long thread) {
    }

    /** The body of a ProcessEdges packet (jmmtk.ProcessEdges). */
    public record Edges(int gc, long packetId, int edges, boolean roots, long time) {
    }

    /** A bucket opening (jmmtk.BucketOpen). */
    public record Bucket(int gc, String stage, long time) {
    }

    /** An allocation slow path (jmmtk.AllocSlowPath); {@code mutator < 0} for GC copy allocators. */
    public record SlowPath(int mutator, long bytes, String space, long start, long end, long thread) {
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

    /** Reads every jmmtk event of {@code file}. */
    public static ProbeEvents read(Path file) throws IOException {
        ProbeEvents e = new ProbeEvents();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                e.add(recording.readEvent());
            }
        }
        e.gcs.sort(Comparator.comparingLong(Gc::start));
        e.packets.sort(Comparator.comparingLong(Packet::start));
        e.edges.sort(Comparator.comparingLong(Edges::time));
        e.buckets.sort(Comparator.comparingLong(Bucket::time));
        e.slowPaths.sort(Comparator.comparingLong(SlowPath::start));
        e.heap.sort(Comparator.comparingLong(Heap::time));
        return e;
    }

    private void add(RecordedEvent e) {
        switch (e.getEventType().getName()) {
            case GcEvent.NAME -> gcs.add(new Gc(e.getInt("gc"), e.getString("plan"), e.getString("kind"),
                    e.getString("reason"), nanos(e.getStartTime()), nanos(e.getEndTime())));
            case WorkPacketEvent.NAME -> packets.add(new Packet(e.getInt("gc"), e.getString("type"), e.getInt("worker"),
                    e.getString("stage"), e.getLong("packetId"), e.getLong("parentId"), e.getString("source"),
                    nanos(e.getStartTime()), nanos(e.getEndTime()), thread(e)));
            case ProcessEdgesEvent.NAME -> edges.add(new Edges(e.getInt("gc"), e.getLong("packetId"), e.getInt("edges"),
                    e.getBoolean("roots"), nanos(e.getStartTime())));
            case BucketOpenEvent.NAME -> buckets.add(new Bucket(e.getInt("gc"), e.getString("stage"),
                    nanos(e.getStartTime())));
            case AllocSlowPathEvent.NAME -> slowPaths.add(new SlowPath(e.getInt("mutator"), e.getLong("bytes"),
                    e.getString("space"), nanos(e.getStartTime()), nanos(e.getEndTime()), thread(e)));
            case HeapUsageEvent.NAME -> heap.add(new Heap(e.getInt("gc"), e.getBoolean("after"), e.getLong("usedBytes"),
                    e.getLong("liveBytes"), nanos(e.getStartTime())));
            default -> {
                // not a jmmtk event
            }
        }
    }

    static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static long thread(RecordedEvent e) {
        RecordedThread t = e.getThread();
        return t == null ? -1 : t.getJavaThreadId();
    }

    /** Whether nothing jmmtk-related was recorded. */
    public boolean isEmpty() {
        return gcs.isEmpty() && packets.isEmpty() && edges.isEmpty() && buckets.isEmpty() && slowPaths.isEmpty()
                && heap.isEmpty();
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
