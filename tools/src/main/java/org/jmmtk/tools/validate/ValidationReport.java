package org.jmmtk.tools.validate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import org.jmmtk.core.Options;
import org.jmmtk.tools.plot.Charts;

/**
 * Prints a {@link Comparison} side by side as a table, as the JSON object documented in
 * docs/validation.md, and as a plot of the bytes each young collection promoted. Used by the
 * command's thread.
 */
final class ValidationReport {
    private ValidationReport() {
    }

    static void table(String program, Geometry g, String plan, Comparison c, PrintWriter out) {
        out.printf(Locale.ROOT, "validate: %s%n", program);
        out.printf(Locale.ROOT, "  heap %s, young %s, survivor ratio %d, max tenuring threshold %d, escape analysis %s; "
                        + "HotSpot: median of %d run%s (min..max); jmmtk: plan %s%n",
                Options.formatBytes(g.heapBytes()), Options.formatBytes(g.youngBytes()), g.survivorRatio(),
                g.maxTenuringThreshold(), g.escapeAnalysis() ? "on" : "off", c.runs().size(), c.runs().size() == 1 ? "" : "s", plan);
        out.printf(Locale.ROOT, "  %-30s %24s %14s %9s%n", "", "HotSpot", "jmmtk", "error");
        row(out, c, "young GCs", Collector::youngGcs, false);
        row(out, c, "full GCs", Collector::fullGcs, false);
        row(out, c, "promoted (total)", Collector::promotedTotal, true);
        row(out, c, "survivor bytes (mean per GC)", Collector::meanSurvivorBytes, true);
        row(out, c, "tenured at the end", Collector::tenuredAtEnd, true);
        double spread = c.hotSpotPerGcPromotedSpreadPercent();
        out.printf(Locale.ROOT, "  %-30s %24s %14s %9s%n", "promoted per GC (median error)",
                Double.isNaN(spread) ? "" : "(runs: up to " + percent(spread, false) + ")", "",
                percent(c.medianPerGcPromotedErrorPercent(), false));
        out.printf(Locale.ROOT, "  %-30s %24s %14s%n", "coverage", "", Double.isNaN(c.coverage()) ? "-"
                : String.format(Locale.ROOT, "%.3f", c.coverage()));
        out.printf(Locale.ROOT, "  %-30s %24s %14s%n", "recording slowdown", "",
                Double.isNaN(c.slowdown()) ? "-" : String.format(Locale.ROOT, "%.1fx", c.slowdown()));
        out.flush();
    }

    private static void row(PrintWriter out, Comparison c, String name, ToLongFunction<Collector> f, boolean bytes) {
        long median = c.medianOf(f);
        String hs = value(median, bytes);
        if (c.runs().size() > 1) {
            hs += " (" + value(c.minOf(f), bytes) + ".." + value(c.maxOf(f), bytes) + ")";
        }
        long j = f.applyAsLong(c.jmmtk());
        out.printf(Locale.ROOT, "  %-30s %24s %14s %9s%n", name, hs, value(j, bytes),
                percent(Comparison.errorPercent(median, j), true));
    }

    private static String value(long v, boolean bytes) {
        if (v < 0) {
            return "-";
        }
        return bytes ? String.format(Locale.ROOT, "%.2f MB", v / 1048576.0) : String.format(Locale.ROOT, "%,d", v);
    }

    private static String percent(double p, boolean signed) {
        return Double.isNaN(p) ? "-" : String.format(Locale.ROOT, signed ? "%+.1f%%" : "%.1f%%", p);
    }

    static void json(String program, Geometry g, String plan, Comparison c, Writer w) throws IOException {
        try (JsonGenerator j = new JsonFactory().createGenerator(w).useDefaultPrettyPrinter()) {
            j.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            j.writeStartObject();
            j.writeStringField("program", program);
            j.writeNumberField("heapBytes", g.heapBytes());
            j.writeNumberField("nurseryBytes", g.youngBytes());
            j.writeNumberField("survivorRatio", g.survivorRatio());
            j.writeNumberField("maxTenuringThreshold", g.maxTenuringThreshold());
            j.writeBooleanField("escapeAnalysis", g.escapeAnalysis());
            j.writeStringField("plan", plan);
            j.writeNumberField("repeat", c.runs().size());
            j.writeObjectFieldStart("hotspot");
            medians(j, c);
            j.writeArrayFieldStart("runs");
            for (Collector r : c.runs()) {
                j.writeStartObject();
                figures(j, r);
                j.writeEndObject();
            }
            j.writeEndArray();
            j.writeObjectFieldStart("medianRun");
            figures(j, c.median());
            collections(j, c.median());
            j.writeEndObject();
            j.writeEndObject();
            j.writeObjectFieldStart("jmmtk");
            figures(j, c.jmmtk());
            collections(j, c.jmmtk());
            j.writeEndObject();
            j.writeObjectFieldStart("errorPercent");
            numberOrNull(j, "youngGcCount", Comparison.errorPercent(c.medianOf(Collector::youngGcs), c.jmmtk().youngGcs()));
            numberOrNull(j, "fullGcCount", Comparison.errorPercent(c.medianOf(Collector::fullGcs), c.jmmtk().fullGcs()));
            numberOrNull(j, "bytesPromoted", Comparison.errorPercent(c.medianOf(Collector::promotedTotal), c.jmmtk().promotedTotal()));
            numberOrNull(j, "meanSurvivorBytes", Comparison.errorPercent(c.medianOf(Collector::meanSurvivorBytes),
                    c.jmmtk().meanSurvivorBytes()));
            numberOrNull(j, "tenuredBytesAtEnd", Comparison.errorPercent(c.medianOf(Collector::tenuredAtEnd), c.jmmtk().tenuredAtEnd()));
            numberOrNull(j, "medianPerGcPromoted", c.medianPerGcPromotedErrorPercent());
            j.writeEndObject();
            numberOrNull(j, "coverage", c.coverage());
            numberOrNull(j, "recordingSlowdown", c.slowdown());
            j.writeEndObject();
        }
        w.write(System.lineSeparator());
        w.flush();
    }

    private static void medians(JsonGenerator j, Comparison c) throws IOException {
        j.writeNumberField("youngGcCount", c.medianOf(Collector::youngGcs));
        j.writeNumberField("youngGcCountMin", c.minOf(Collector::youngGcs));
        j.writeNumberField("youngGcCountMax", c.maxOf(Collector::youngGcs));
        j.writeNumberField("fullGcCount", c.medianOf(Collector::fullGcs));
        j.writeNumberField("bytesPromoted", c.medianOf(Collector::promotedTotal));
        j.writeNumberField("bytesPromotedMin", c.minOf(Collector::promotedTotal));
        j.writeNumberField("bytesPromotedMax", c.maxOf(Collector::promotedTotal));
        j.writeNumberField("meanSurvivorBytes", c.medianOf(Collector::meanSurvivorBytes));
        j.writeNumberField("tenuredBytesAtEnd", c.medianOf(Collector::tenuredAtEnd));
        j.writeNumberField("wallMs", c.medianOf(Collector::wallNanos) / 1e6);
        numberOrNull(j, "perGcPromotedSpreadPercent", c.hotSpotPerGcPromotedSpreadPercent());
    }

    private static void figures(JsonGenerator j, Collector r) throws IOException {
        j.writeNumberField("youngGcCount", r.youngGcs());
        j.writeNumberField("fullGcCount", r.fullGcs());
        j.writeNumberField("bytesPromoted", r.promotedTotal());
        j.writeNumberField("meanSurvivorBytes", r.meanSurvivorBytes());
        j.writeNumberField("tenuredBytesAtEnd", r.tenuredAtEnd());
        j.writeNumberField("wallMs", r.wallNanos() / 1e6);
    }

    private static void collections(JsonGenerator j, Collector r) throws IOException {
        j.writeArrayFieldStart("youngCollections");
        for (int i = 0; i < r.promoted().length; i++) {
            j.writeStartObject();
            j.writeNumberField("bytesPromoted", r.promoted()[i]);
            j.writeNumberField("survivorBytes", r.survivors()[i]);
            j.writeNumberField("tenuringThreshold", r.thresholds()[i]);
            j.writeEndObject();
        }
        j.writeEndArray();
    }

    private static void numberOrNull(JsonGenerator j, String name, double value) throws IOException {
        if (Double.isNaN(value)) {
            j.writeNullField(name);
        } else {
            j.writeNumberField(name, value);
        }
    }

    /** The plot of promoted bytes per young collection, HotSpot's median run against jmmtk, as PNG and SVG in {@code dir}. */
    static List<Path> plot(Comparison c, Path dir) throws IOException {
        return Charts.save(Charts.lines("Bytes promoted by each young collection", "young collection",
                "promoted (MB)", List.of(series("HotSpot Serial (median run)", c.median()), series("jmmtk", c.jmmtk())),
                false, false), dir, "promoted-per-gc");
    }

    private static Charts.Series series(String name, Collector r) {
        int n = Math.max(1, r.promoted().length);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < r.promoted().length; i++) {
            x[i] = i + 1;
            y[i] = Math.max(0, r.promoted()[i]) / 1048576.0;
        }
        return new Charts.Series(name, x, y, false);
    }
}
