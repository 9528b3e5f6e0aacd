package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.output.Csv;

/**
 * One line per collection: its pause, the packets it ran (and how many were stolen), its ProcessEdges
 * packets and edges, the closure phase as the tracepoints show it, and the heap before and after.
 */
final class GcReport implements ProbeReport {
    private final List<Row> rows = new ArrayList<>();

    record Row(int gc, String kind, String reason, double pauseMs, long packets, long steals, long edgePackets,
               long edges, double closureMs, long usedBefore, long usedAfter) {
    }

    GcReport(ProbeEvents e) {
        Map<Integer, long[]> counts = new HashMap<>();
        Map<Integer, Long> firstClosure = new HashMap<>();
        for (ProbeEvents.Packet p : e.packets) {
            long[] c = counts.computeIfAbsent(p.gc(), k -> new long[4]);
            c[0]++;
            if ("steal".equals(p.source())) {
                c[1]++;
            }
            if (Stage.CLOSURE.label.equals(p.stage())) {
                firstClosure.merge(p.gc(), p.start(), Math::min);
            }
        }
        for (ProbeEvents.Edges x : e.edges) {
            long[] c = counts.computeIfAbsent(x.gc(), k -> new long[4]);
            c[2]++;
            c[3] += x.edges();
        }
        Map<Integer, long[]> used = new HashMap<>();
        for (ProbeEvents.Heap h : e.heap) {
            used.computeIfAbsent(h.gc(), k -> new long[2])[h.after() ? 1 : 0] = h.usedBytes();
        }
        for (ProbeEvents.Gc g : e.gcs) {
            long[] c = counts.getOrDefault(g.gc(), new long[4]);
            long[] u = used.getOrDefault(g.gc(), new long[2]);
            rows.add(new Row(g.gc(), g.kind(), g.reason(), (g.end() - g.start()) / 1e6, c[0], c[1], c[2], c[3],
                    closureMs(g, firstClosure.get(g.gc()), e.buckets), u[0], u[1]));
        }
    }

    /** From the first Closure packet to the next bucket opening after it (or the end of the collection). */
    private static double closureMs(ProbeEvents.Gc g, Long first, List<ProbeEvents.Bucket> buckets) {
        if (first == null) {
            return 0;
        }
        long next = g.end();
        for (ProbeEvents.Bucket b : buckets) {
            Stage s = Stage.ofLabel(b.stage());
            if (b.gc() == g.gc() && s != null && s.ordinal() > Stage.CLOSURE.ordinal() && b.time() >= first) {
                next = Math.min(next, b.time());
            }
        }
        return (next - first) / 1e6;
    }

    List<Row> rows() {
        return rows;
    }

    @Override
    public void table(PrintWriter out) {
        out.printf("%6s %-8s %-10s %10s %9s %7s %9s %12s %10s %12s %12s%n", "gc", "kind", "reason", "pause ms",
                "packets", "steals", "PE pkts", "edges", "closure ms", "used before", "used after");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%6d %-8s %-10s %10.3f %,9d %,7d %,9d %,12d %10.3f %,12d %,12d%n", r.gc(), r.kind(),
                    r.reason(), r.pauseMs(), r.packets(), r.steals(), r.edgePackets(), r.edges(), r.closureMs(),
                    r.usedBefore(), r.usedAfter());
        }
        out.flush();
    }

    @Override
    public void json(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("collections");
        for (Row r : rows) {
            g.writeStartObject();
            g.writeNumberField("gc", r.gc());
            g.writeStringField("kind", r.kind());
            g.writeStringField("reason", r.reason());
            g.writeNumberField("pauseMs", r.pauseMs());
            g.writeNumberField("packets", r.packets());
            g.writeNumberField("steals", r.steals());
            g.writeNumberField("processEdgesPackets", r.edgePackets());
            g.writeNumberField("edges", r.edges());
            g.writeNumberField("closureMs", r.closureMs());
            g.writeNumberField("usedBytesBefore", r.usedBefore());
            g.writeNumberField("usedBytesAfter", r.usedAfter());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    @Override
    public List<Path> files(Path dir) throws IOException {
        Path csv = dir.resolve("gc.csv");
        try (Csv out = new Csv(csv, "gc", "kind", "reason", "pause_ms", "packets", "steals", "process_edges_packets",
                "edges", "closure_ms", "used_bytes_before", "used_bytes_after")) {
            for (Row r : rows) {
                out.row(r.gc(), r.kind(), r.reason(), r.pauseMs(), r.packets(), r.steals(), r.edgePackets(), r.edges(),
                        r.closureMs(), r.usedBefore(), r.usedAfter());
            }
        }
        return List.of(csv);
    }
}
