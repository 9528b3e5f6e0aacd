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
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.plot.Charts;

/**
 * How long mutators spent in allocation slow paths (the MPLR'23 paper's Figure 6): percentiles, a
 * histogram of durations rounded down to powers of two with its CDF, how many slow paths had to wait
 * for a collection, and counts per space. GC workers' copy-buffer refills are counted apart.
 *
 * <p>Contended time (Figure 6(b)): each wait for a page resource's lock ({@code jmmtk.PageLockContended})
 * belongs to the mutator slow path that contains it on the same thread, unless it falls inside a collection
 * (the requesting mutator's thread runs the collection as worker 0, whose waits are the GC's); waits outside
 * any mutator slow path (GC workers allocating copies) are counted apart. Per slow path that waited: its
 * total contended time, as percentiles and a CDF. Used by one thread.
 */
final class SlowPathReport implements ProbeReport {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private final Histogram durations = new Histogram(3);
    private final Log2Histogram log2 = new Log2Histogram();
    private final Histogram contended = new Histogram(3);
    private final Log2Histogram contendedLog2 = new Log2Histogram();
    private long contendedNanos;
    private long lockWaits;
    private long otherLockWaits;
    private long otherLockWaitNanos;
    private final Map<String, Long> bySpace = new TreeMap<>();
    private long waitedForGc;
    private long inGcNanos;
    private long afterGcNanos;
    private long totalNanos;
    private long gcCopyRefills;

    SlowPathReport(List<ProbeEvents.SlowPath> slowPaths, List<ProbeEvents.Gc> gcs,
                   List<ProbeEvents.LockWait> waits) {
        attributeLockWaits(slowPaths, gcs, waits);
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

    /** Adds each wait's time to the mutator slow path holding it, then records each slow path's total. */
    private void attributeLockWaits(List<ProbeEvents.SlowPath> slowPaths, List<ProbeEvents.Gc> gcs,
                                    List<ProbeEvents.LockWait> waits) {
        Map<Long, List<Integer>> byThread = new HashMap<>();
        for (int i = 0; i < slowPaths.size(); i++) {
            if (slowPaths.get(i).mutator() >= 0) {
                byThread.computeIfAbsent(slowPaths.get(i).thread(), t -> new ArrayList<>()).add(i);
            }
        }
        long[] waited = new long[slowPaths.size()];
        int g = 0;
        for (ProbeEvents.LockWait w : waits) {
            long d = Math.max(1, w.end() - w.start());
            while (g < gcs.size() && gcs.get(g).end() < w.start()) {
                g++;
            }
            boolean inGc = g < gcs.size() && gcs.get(g).start() <= w.start();
            int holder = inGc ? -1 : containing(slowPaths, byThread.get(w.thread()), w);
            if (holder < 0) {
                otherLockWaits++;
                otherLockWaitNanos += d;
            } else {
                lockWaits++;
                waited[holder] += d;
            }
        }
        for (long d : waited) {
            if (d > 0) {
                contended.recordValue(d);
                contendedLog2.add(d, 1);
                contendedNanos += d;
            }
        }
    }

    /** The index of the slow path of {@code onThread} (indices in start order) that contains {@code w}, or -1. */
    private static int containing(List<ProbeEvents.SlowPath> slowPaths, List<Integer> onThread,
                                  ProbeEvents.LockWait w) {
        if (onThread == null) {
            return -1;
        }
        int lo = 0;
        int hi = onThread.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (slowPaths.get(onThread.get(mid)).start() <= w.start()) {
                found = onThread.get(mid);
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found >= 0 && slowPaths.get(found).end() >= w.end() ? found : -1;
    }

    /** The CDF of mutator slow-path durations, named {@code name}; null if there were none. */
    Charts.Series durationSeries(String name) {
        return log2.totalCount() == 0 ? null : log2.cdfSeries(name, false);
    }

    /** The CDF of contended time per slow path that waited for the lock, named {@code name}; null if none waited. */
    Charts.Series contendedSeries(String name) {
        return contendedLog2.totalCount() == 0 ? null : contendedLog2.cdfSeries(name, false);
    }

    long slowPaths() {
        return log2.totalCount();
    }

    long contendedSlowPaths() {
        return contendedLog2.totalCount();
    }

    long lockWaits() {
        return lockWaits;
    }

    /** The slow-path duration at {@code percentile}, in microseconds (0 if there were none). */
    double durationUs(double percentile) {
        return log2.totalCount() == 0 ? 0 : p(percentile);
    }

    /** The contended time per waiting slow path at {@code percentile}, in microseconds (0 if none waited). */
    double contendedUs(double percentile) {
        return contendedLog2.totalCount() == 0 ? 0 : contended.getValueAtPercentile(percentile) / 1e3;
    }

    double totalMs() {
        return totalNanos / 1e6;
    }

    double contendedMs() {
        return contendedNanos / 1e6;
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
        out.printf(Locale.ROOT, "  page-resource lock: %,d slow paths waited for it (%,d waits), %.3f ms in all"
                + " (other waits, GC workers': %,d, %.3f ms)%n", contendedLog2.totalCount(), lockWaits,
                contendedNanos / 1e6, otherLockWaits, otherLockWaitNanos / 1e6);
        if (contendedLog2.totalCount() > 0) {
            out.printf(Locale.ROOT, "  contended time per waiting slow path: p50 %.2f us, p90 %.2f us, p99 %.2f us, "
                    + "p99.9 %.2f us, max %.2f us%n", contendedUs(50), contendedUs(90), contendedUs(99),
                    contendedUs(99.9), contended.getMaxValue() / 1e3);
        }
        histogram(out, "duration ns", log2);
        if (contendedLog2.totalCount() > 0) {
            histogram(out, "contended ns", contendedLog2);
        }
        out.flush();
    }

    private static void histogram(PrintWriter out, String label, Log2Histogram h) {
        out.printf(Locale.ROOT, "%n%14s %12s %8s %8s%n", label, "slow paths", "%", "cum %");
        for (int b = h.lowestBucket(); b <= h.highestBucket(); b++) {
            out.printf(Locale.ROOT, "%14d %,12d %8.2f %8.2f%n", 1L << b, h.count(b),
                    100.0 * h.count(b) / h.totalCount(), 100 * h.cdfByCount(b));
        }
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
            g.writeNumberField(percentileName(pc), durationUs(pc));
        }
        g.writeNumberField("max", durations.getMaxValue() / 1e3);
        g.writeEndObject();
        g.writeObjectFieldStart("bySpace");
        for (Map.Entry<String, Long> e : bySpace.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        histogram(g, "histogram", "durationNs", log2);
        g.writeObjectFieldStart("contended");
        g.writeNumberField("slowPaths", contendedLog2.totalCount());
        g.writeNumberField("waits", lockWaits);
        g.writeNumberField("totalMs", contendedNanos / 1e6);
        g.writeNumberField("otherWaits", otherLockWaits);
        g.writeNumberField("otherWaitsMs", otherLockWaitNanos / 1e6);
        g.writeObjectFieldStart("percentilesUs");
        for (double pc : PERCENTILES) {
            g.writeNumberField(percentileName(pc), contendedUs(pc));
        }
        g.writeNumberField("max", contended.getMaxValue() / 1e3);
        g.writeEndObject();
        histogram(g, "histogram", "contendedNs", contendedLog2);
        g.writeEndObject();
    }

    private static String percentileName(double pc) {
        return "p" + (pc == Math.rint(pc) ? String.valueOf((int) pc) : String.valueOf(pc));
    }

    private static void histogram(JsonGenerator g, String field, String valueField, Log2Histogram h) throws IOException {
        g.writeArrayFieldStart(field);
        for (int b = h.lowestBucket(); h.totalCount() > 0 && b <= h.highestBucket(); b++) {
            g.writeStartObject();
            g.writeNumberField(valueField, 1L << b);
            g.writeNumberField("count", h.count(b));
            g.writeNumberField("cdf", h.cdfByCount(b));
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
        if (contendedLog2.totalCount() > 0) {
            Path contendedCsv = dir.resolve("slow-path-contended.csv");
            files.add(contendedCsv);
            try (Csv out = new Csv(contendedCsv, "contended_ns", "count", "cdf")) {
                for (int b = contendedLog2.lowestBucket(); b <= contendedLog2.highestBucket(); b++) {
                    out.row(1L << b, contendedLog2.count(b), contendedLog2.cdfByCount(b));
                }
            }
            files.addAll(Charts.save(Charts.cdf("Page-resource lock: contended time per slow path",
                    "contended time (ns, log2 buckets)", List.of(contendedLog2.cdfSeries("mutators", false))), dir,
                    "slow-path-contended"));
        }
        return files;
    }
}
