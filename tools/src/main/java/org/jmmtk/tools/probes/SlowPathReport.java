package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.jmmtk.tools.Csv;
import org.jmmtk.tools.plot.Charts;

/**
 * How long mutators spent in allocation slow paths (the MPLR'23 paper's Figure 6): percentiles, a
 * histogram of durations rounded down to powers of two with its CDF, how many slow paths had to wait
 * for a collection, and counts per space. GC workers' copy-buffer refills are counted apart.
 */
final class SlowPathReport implements ProbeReport {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private final Histogram durations = new Histogram(3);
    private final Log2Histogram log2 = new Log2Histogram();
    private final Map<String, Long> bySpace = new TreeMap<>();
    private long waitedForGc;
    private long inGcNanos;
    private long afterGcNanos;
    private long totalNanos;
    private long gcCopyRefills;

    SlowPathReport(List<ProbeEvents.SlowPath> slowPaths, List<ProbeEvents.Gc> gcs) {
        int g = 0;
        for (ProbeEvents.SlowPath s : slowPaths) {
            if (s.mutator() < 0) {
                gcCopyRefills++;
                continue;
            }
            long d = Math.max(1, s.end() - s.start());
            durations.recordValue(d);
            log2.add(d, 1);
            totalNanos += d;
            bySpace.merge(s.space(), 1L, Long::sum);
            while (g < gcs.size() && gcs.get(g).end() < s.start()) {
                g++;
            }
            // a slow path can wait for more than one collection (heap-full, then emergency)
            long lastEnd = -1;
            for (int k = g; k < gcs.size() && gcs.get(k).start() < s.end(); k++) {
                ProbeEvents.Gc c = gcs.get(k);
                inGcNanos += Math.min(c.end(), s.end()) - Math.max(c.start(), s.start());
                lastEnd = Math.max(lastEnd, Math.min(c.end(), s.end()));
            }
            if (lastEnd >= 0) {
                waitedForGc++;
                afterGcNanos += s.end() - lastEnd;
            }
        }
    }

    @Override
    public void table(PrintWriter out) {
        out.printf(Locale.ROOT, "mutator allocation slow paths: %,d, %.2f ms in all, %,d waited for a GC "
                + "(GC copy-buffer refills: %,d)%n", log2.totalCount(), totalNanos / 1e6, waitedForGc, gcCopyRefills);
        if (waitedForGc > 0) {
            out.printf(Locale.ROOT, "  of those waiting: %.2f ms inside GC pauses, %.2f ms after them (the binding "
                    + "resuming mutators, then the retried allocation)%n", inGcNanos / 1e6, afterGcNanos / 1e6);
        }
        if (log2.totalCount() == 0) {
            out.flush();
            return;
        }
        out.printf(Locale.ROOT, "  p50 %.2f us, p90 %.2f us, p99 %.2f us, p99.9 %.2f us, max %.2f us%n",
                p(50), p(90), p(99), p(99.9), durations.getMaxValue() / 1e3);
        bySpace.forEach((space, n) -> out.printf(Locale.ROOT, "  in %-12s %,d%n", space, n));
        out.printf(Locale.ROOT, "%n%14s %12s %8s %8s%n", "duration ns", "slow paths", "%", "cum %");
        for (int b = log2.lowestBucket(); b <= log2.highestBucket(); b++) {
            out.printf(Locale.ROOT, "%14d %,12d %8.2f %8.2f%n", 1L << b, log2.count(b),
                    100.0 * log2.count(b) / log2.totalCount(), 100 * log2.cdfByCount(b));
        }
        out.flush();
    }

    private double p(double percentile) {
        return durations.getValueAtPercentile(percentile) / 1e3;
    }

    @Override
    public void json(JsonGenerator g) throws IOException {
        g.writeNumberField("slowPaths", log2.totalCount());
        g.writeNumberField("totalMs", totalNanos / 1e6);
        g.writeNumberField("waitedForGc", waitedForGc);
        g.writeNumberField("inGcMs", inGcNanos / 1e6);
        g.writeNumberField("afterGcMs", afterGcNanos / 1e6);
        g.writeNumberField("gcCopyRefills", gcCopyRefills);
        g.writeObjectFieldStart("percentilesUs");
        for (double pc : PERCENTILES) {
            g.writeNumberField("p" + (pc == Math.rint(pc) ? String.valueOf((int) pc) : String.valueOf(pc)),
                    log2.totalCount() == 0 ? 0 : p(pc));
        }
        g.writeNumberField("max", durations.getMaxValue() / 1e3);
        g.writeEndObject();
        g.writeObjectFieldStart("bySpace");
        for (Map.Entry<String, Long> e : bySpace.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("histogram");
        for (int b = log2.lowestBucket(); log2.totalCount() > 0 && b <= log2.highestBucket(); b++) {
            g.writeStartObject();
            g.writeNumberField("durationNs", 1L << b);
            g.writeNumberField("count", log2.count(b));
            g.writeNumberField("cdf", log2.cdfByCount(b));
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    @Override
    public List<Path> files(Path dir) throws IOException {
        Path csv = dir.resolve("slow-path.csv");
        List<Path> files = new ArrayList<>(List.of(csv));
        try (Csv out = new Csv(csv, "duration_ns", "count", "cdf")) {
            for (int b = log2.lowestBucket(); log2.totalCount() > 0 && b <= log2.highestBucket(); b++) {
                out.row(1L << b, log2.count(b), log2.cdfByCount(b));
            }
        }
        if (log2.totalCount() > 0) {
            files.addAll(Charts.save(Charts.cdf("Allocation slow-path durations", "duration (ns, log2 buckets)",
                    List.of(log2.cdfSeries("mutators", false))), dir, "slow-path"));
        }
        return files;
    }
}
