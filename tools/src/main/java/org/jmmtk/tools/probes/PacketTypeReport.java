package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.tools.output.Csv;

/** Work packets by type: how many ran, their total, mean and longest time, and their share of all packet time. */
final class PacketTypeReport implements ProbeReport {
    private final List<Row> rows = new ArrayList<>();
    private final long totalNanos;

    private record Row(String type, long count, long totalNanos, long maxNanos) {
        double meanMicros() {
            return totalNanos / 1e3 / count;
        }
    }

    PacketTypeReport(List<ProbeEvents.Packet> packets) {
        Map<String, long[]> byType = new LinkedHashMap<>();
        long total = 0;
        for (ProbeEvents.Packet p : packets) {
            long d = p.end() - p.start();
            long[] a = byType.computeIfAbsent(p.type(), k -> new long[3]);
            a[0]++;
            a[1] += d;
            a[2] = Math.max(a[2], d);
            total += d;
        }
        byType.forEach((type, a) -> rows.add(new Row(type, a[0], a[1], a[2])));
        rows.sort(Comparator.comparingLong(Row::totalNanos).reversed());
        this.totalNanos = total;
    }

    @Override
    public void table(PrintWriter out) {
        out.printf("%-22s %10s %12s %12s %12s %8s%n", "packet type", "count", "total ms", "mean us", "max us", "share");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-22s %,10d %12.3f %12.2f %12.2f %7.1f%%%n", r.type(), r.count(), r.totalNanos() / 1e6,
                    r.meanMicros(), r.maxNanos() / 1e3, 100.0 * r.totalNanos() / Math.max(1, totalNanos));
        }
        out.flush();
    }

    @Override
    public void json(JsonGenerator g) throws IOException {
        g.writeNumberField("totalMs", totalNanos / 1e6);
        g.writeArrayFieldStart("types");
        for (Row r : rows) {
            g.writeStartObject();
            g.writeStringField("type", r.type());
            g.writeNumberField("count", r.count());
            g.writeNumberField("totalMs", r.totalNanos() / 1e6);
            g.writeNumberField("meanUs", r.meanMicros());
            g.writeNumberField("maxUs", r.maxNanos() / 1e3);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    @Override
    public List<Path> files(Path dir) throws IOException {
        Path csv = dir.resolve("packets.csv");
        try (Csv out = new Csv(csv, "type", "count", "total_ms", "mean_us", "max_us")) {
            for (Row r : rows) {
                out.row(r.type(), r.count(), r.totalNanos() / 1e6, r.meanMicros(), r.maxNanos() / 1e3);
            }
        }
        return List.of(csv);
    }
}
