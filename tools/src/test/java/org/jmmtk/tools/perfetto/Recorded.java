package org.jmmtk.tools.perfetto;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a recording holds, read independently of the exporter with {@link RecordingFile}: the work
 * packets, the ProcessEdges counts and the collections, to compare an export against.
 */
public final class Recorded {
    /** A jmmtk.WorkPacket event. */
    public record Packet(int gc, String type, int worker, long id, long parent, long nanos) {
    }

    public final List<Packet> packets = new ArrayList<>();
    /** Edges per packet id (jmmtk.ProcessEdges). */
    public final Map<Long, Integer> edges = new HashMap<>();
    /** Packet id to GC number, for ProcessEdges events. */
    public final Map<Long, Integer> edgesGc = new HashMap<>();
    /** GC number to reason (jmmtk.GC). */
    public final Map<Integer, String> reasons = new HashMap<>();

    public static Recorded read(Path file) throws IOException {
        Recorded r = new Recorded();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            switch (e.getEventType().getName()) {
                case "jmmtk.WorkPacket" -> r.packets.add(new Packet(e.getInt("gc"), e.getString("type"),
                        e.getInt("worker"), e.getLong("packetId"), e.getLong("parentId"),
                        Duration.between(e.getStartTime(), e.getEndTime()).toNanos()));
                case "jmmtk.ProcessEdges" -> {
                    r.edges.put(e.getLong("packetId"), e.getInt("edges"));
                    r.edgesGc.put(e.getLong("packetId"), e.getInt("gc"));
                }
                case "jmmtk.GC" -> r.reasons.put(e.getInt("gc"), e.getString("reason"));
                default -> {
                }
            }
        }
        return r;
    }

    /** The number of the run's final reachability collection. */
    public int finalGc() {
        return reasons.entrySet().stream().filter(x -> "final".equals(x.getValue())).mapToInt(Map.Entry::getKey)
                .findFirst().orElseThrow();
    }

    /** Packets of the collections {@code gcs} accepts. */
    public List<Packet> packets(IntPredicate gcs) {
        return packets.stream().filter(p -> gcs.test(p.gc())).toList();
    }

    /** Edges traced in the collections {@code gcs} accepts. */
    public long edges(IntPredicate gcs) {
        return edges.entrySet().stream().filter(x -> gcs.test(edgesGc.get(x.getKey())))
                .mapToLong(Map.Entry::getValue).sum();
    }
}
