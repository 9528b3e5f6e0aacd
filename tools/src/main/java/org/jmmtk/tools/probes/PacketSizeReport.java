package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.plot.Charts;

/**
 * The sizes of ProcessEdges packets (the MPLR'23 paper's Figure 3): a histogram of sizes rounded down
 * to powers of two, with the CDF by packet and by item (edge), for all packets and for root packets.
 */
final class PacketSizeReport implements ProbeReport {
    private final Log2Histogram all = new Log2Histogram();
    private final Log2Histogram roots = new Log2Histogram();

    PacketSizeReport(List<ProbeEvents.Edges> edges) {
        for (ProbeEvents.Edges e : edges) {
            all.add(e.edges());
            if (e.roots()) {
                roots.add(e.edges());
            }
        }
    }

    @Override
    public void table(PrintWriter out) {
        out.printf(Locale.ROOT, "ProcessEdges packets: %,d packets, %,d edges (roots: %,d packets, %,d edges)%n",
                all.totalCount(), all.totalWeight(), roots.totalCount(), roots.totalWeight());
        section(out, "all packets", all);
        section(out, "root packets", roots);
        out.flush();
    }

    private static void section(PrintWriter out, String title, Log2Histogram h) {
        out.printf("%n%s (sizes rounded down to powers of two)%n", title);
        out.printf(Locale.ROOT, "%10s %12s %8s %8s %14s %8s %8s%n", "size", "packets", "%", "cum %", "edges", "%", "cum %");
        if (h.totalCount() == 0) {
            out.println("  (none)");
            return;
        }
        for (int b = h.lowestBucket(); b <= h.highestBucket(); b++) {
            out.printf(Locale.ROOT, "%10d %,12d %8.2f %8.2f %,14d %8.2f %8.2f%n", 1L << b, h.count(b),
                    100.0 * h.count(b) / h.totalCount(), 100 * h.cdfByCount(b), h.weight(b),
                    100.0 * h.weight(b) / Math.max(1, h.totalWeight()), 100 * h.cdfByWeight(b));
        }
    }

    @Override
    public void json(JsonGenerator g) throws IOException {
        g.writeNumberField("packets", all.totalCount());
        g.writeNumberField("edges", all.totalWeight());
        g.writeNumberField("rootPackets", roots.totalCount());
        g.writeNumberField("rootEdges", roots.totalWeight());
        buckets(g, "all", all);
        buckets(g, "roots", roots);
    }

    private static void buckets(JsonGenerator g, String name, Log2Histogram h) throws IOException {
        g.writeArrayFieldStart(name);
        for (int b = h.lowestBucket(); h.totalCount() > 0 && b <= h.highestBucket(); b++) {
            g.writeStartObject();
            g.writeNumberField("size", 1L << b);
            g.writeNumberField("packets", h.count(b));
            g.writeNumberField("edges", h.weight(b));
            g.writeNumberField("cdfByPacket", h.cdfByCount(b));
            g.writeNumberField("cdfByItem", h.cdfByWeight(b));
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    @Override
    public List<Path> files(Path dir) throws IOException {
        Path csv = dir.resolve("packet-sizes.csv");
        try (Csv out = new Csv(csv, "packets", "size", "count", "edges", "cdf_by_packet", "cdf_by_item")) {
            rows(out, "all", all);
            rows(out, "roots", roots);
        }
        List<Charts.Series> series = new ArrayList<>();
        series(series, "all packets, fraction of packets", all, false);
        series(series, "all packets, fraction of edges", all, true);
        series(series, "root packets, fraction of packets", roots, false);
        series(series, "root packets, fraction of edges", roots, true);
        List<Path> files = new ArrayList<>(List.of(csv));
        if (!series.isEmpty()) {
            files.addAll(Charts.save(Charts.cdf("ProcessEdges packet sizes", "packet size (edges, log2 buckets)",
                    series), dir, "packet-sizes"));
        }
        return files;
    }

    private static void rows(Csv out, String name, Log2Histogram h) throws IOException {
        for (int b = h.lowestBucket(); h.totalCount() > 0 && b <= h.highestBucket(); b++) {
            out.row(name, 1L << b, h.count(b), h.weight(b), h.cdfByCount(b), h.cdfByWeight(b));
        }
    }

    private static void series(List<Charts.Series> list, String name, Log2Histogram h, boolean byWeight) {
        if (h.totalCount() > 0) {
            list.add(h.cdfSeries(name, byWeight));
        }
    }
}
