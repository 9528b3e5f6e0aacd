package org.jmmtk.tools.perfetto;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntToLongFunction;

/**
 * The packets shorter than {@code --min-dur}, counted instead of drawn: per collection and packet type,
 * how many, their total (and so mean) duration, and the edges the ProcessEdges ones traced. Written as
 * instants named by the packet type on the "short packets" track at the start of their collection, so
 * the numbers stay in the trace (click one, or query the args) while the slices are gone.
 */
final class PacketSummaries {
    private final Map<Integer, Map<String, long[]>> byGc = new TreeMap<>();
    private long packets;

    private static final int COUNT = 0;
    private static final int NANOS = 1;
    private static final int EDGES = 2;
    private static final int EDGE_PACKETS = 3;

    /** Counts one packet of {@code type} in collection {@code gc}; {@code edges} < 0 for no ProcessEdges packet. */
    void add(int gc, String type, long nanos, int edges) {
        long[] s = byGc.computeIfAbsent(gc, k -> new TreeMap<>()).computeIfAbsent(type, k -> new long[4]);
        s[COUNT]++;
        s[NANOS] += nanos;
        if (edges >= 0) {
            s[EDGES] += edges;
            s[EDGE_PACKETS]++;
        }
        packets++;
    }

    /** Packets counted. */
    long packets() {
        return packets;
    }

    /** Writes one instant per collection and type; {@code gcStart} gives a collection's export time. */
    void write(TraceEventWriter out, int pid, int tid, IntToLongFunction gcStart, long minDurNanos)
            throws IOException {
        for (Map.Entry<Integer, Map<String, long[]>> gc : byGc.entrySet()) {
            long ts = gcStart.applyAsLong(gc.getKey());
            for (Map.Entry<String, long[]> type : gc.getValue().entrySet()) {
                long[] s = type.getValue();
                out.instant(pid, tid, type.getKey(), "summary", ts);
                JsonGenerator args = out.args();
                args.writeNumberField("gc", gc.getKey());
                args.writeNumberField("count", s[COUNT]);
                args.writeNumberField("totalDurUs", s[NANOS] / 1000.0);
                args.writeNumberField("meanDurUs", s[NANOS] / 1000.0 / s[COUNT]);
                args.writeNumberField("shorterThanUs", minDurNanos / 1000.0);
                if (s[EDGE_PACKETS] > 0) {
                    args.writeNumberField("edges", s[EDGES]);
                }
                out.end();
            }
        }
    }
}
