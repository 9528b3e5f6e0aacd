package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jmmtk.tools.plot.Charts;

/**
 * Two recordings' allocation slow paths side by side ({@code probes --report slow-path --compare A B}, the
 * MPLR'23 paper's Figure 6): percentiles of slow-path time and of contended time per slow path that waited
 * for the page-resource lock, and both CDFs overlaid, one step series per recording named by its file. Each
 * recording is reduced by {@link SlowPathReport} exactly as the single-file report does. Used by one thread.
 */
public final class SlowPathComparison implements ProbeReport {
    private static final double[] PERCENTILES = {50, 90, 99};

    /** One side: the name the legend and table show, and the events of its one run. */
    public record Side(String name, ProbeEvents events) {
    }

    private final List<String> names = new ArrayList<>();
    private final List<SlowPathReport> reports = new ArrayList<>();

    public SlowPathComparison(Side a, Side b) {
        for (Side s : List.of(a, b)) {
            names.add(s.name());
            reports.add((SlowPathReport) Reports.create(Reports.Kind.SLOW_PATH, s.events()));
        }
    }

    /** The legend names of {@code a} and {@code b}: their file names, or whole paths when those are equal. */
    public static List<String> names(Path a, Path b) {
        String na = Objects.toString(a.getFileName(), a.toString());
        String nb = Objects.toString(b.getFileName(), b.toString());
        return na.equals(nb) ? List.of(a.toString(), b.toString()) : List.of(na, nb);
    }

    @Override
    public void table(PrintWriter out) {
        int width = Math.max(14, Math.max(names.get(0).length(), names.get(1).length()) + 2);
        String row = "%-40s%" + width + "s%" + width + "s%n";
        out.printf(Locale.ROOT, row, "allocation slow paths", names.get(0), names.get(1));
        out.printf(Locale.ROOT, row, "  mutator slow paths", count(0, SlowPathReport::slowPaths),
                count(1, SlowPathReport::slowPaths));
        out.printf(Locale.ROOT, row, "  time in slow paths (ms)", ms(0, SlowPathReport::totalMs),
                ms(1, SlowPathReport::totalMs));
        percentiles(out, row, "  slow-path time", SlowPathReport::durationUs);
        out.printf(Locale.ROOT, row, "  slow paths that waited for the lock", count(0, SlowPathReport::contendedSlowPaths),
                count(1, SlowPathReport::contendedSlowPaths));
        out.printf(Locale.ROOT, row, "  lock waits in them", count(0, SlowPathReport::lockWaits),
                count(1, SlowPathReport::lockWaits));
        out.printf(Locale.ROOT, row, "  contended time (ms)", ms(0, SlowPathReport::contendedMs),
                ms(1, SlowPathReport::contendedMs));
        percentiles(out, row, "  contended time", SlowPathReport::contendedUs);
        out.println("  (contended-time percentiles are over the slow paths that waited)");
        out.flush();
    }

    /** Percentile rows, microseconds, of {@code f} (a report and a percentile). */
    private void percentiles(PrintWriter out, String row, String label, Percentile f) {
        for (double pc : PERCENTILES) {
            out.printf(Locale.ROOT, row, label + " p" + (int) pc + " (us)", us(f.us(reports.get(0), pc)),
                    us(f.us(reports.get(1), pc)));
        }
    }

    private interface Percentile {
        double us(SlowPathReport r, double percentile);
    }

    private String count(int side, java.util.function.ToLongFunction<SlowPathReport> f) {
        return String.format(Locale.ROOT, "%,d", f.applyAsLong(reports.get(side)));
    }

    private String ms(int side, java.util.function.ToDoubleFunction<SlowPathReport> f) {
        return String.format(Locale.ROOT, "%.3f", f.applyAsDouble(reports.get(side)));
    }

    private static String us(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** The two single-file reports, each under its recording's name. */
    @Override
    public void json(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("compare");
        for (int i = 0; i < 2; i++) {
            g.writeStartObject();
            g.writeStringField("name", names.get(i));
            reports.get(i).json(g);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * Writes {@code slow-path-compare.png/.svg} and, if either recording has a slow path that waited for the
     * lock, {@code slow-path-contended-compare.png/.svg}; returns the paths.
     */
    @Override
    public List<Path> files(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Charts.Series> durations = series(0, true);
        durations.addAll(series(1, true));
        if (!durations.isEmpty()) {
            files.addAll(Charts.save(Charts.cdf("Allocation slow-path time", "slow-path time (ns, log2 buckets)",
                    durations), dir, "slow-path-compare"));
        }
        List<Charts.Series> waits = series(0, false);
        waits.addAll(series(1, false));
        if (!waits.isEmpty()) {
            files.addAll(Charts.save(Charts.cdf("Page-resource lock: contended time per slow path that waited",
                    "contended time (ns, log2 buckets)", waits), dir, "slow-path-contended-compare"));
        }
        return files;
    }

    private List<Charts.Series> series(int side, boolean durations) {
        SlowPathReport r = reports.get(side);
        Charts.Series s = durations ? r.durationSeries(names.get(side)) : r.contendedSeries(names.get(side));
        List<Charts.Series> list = new ArrayList<>();
        if (s != null) {
            list.add(s);
        }
        return list;
    }
}
