package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.sweep.Bootstrap;

/** When each work bucket opened, in milliseconds after its collection started, per collection. */
final class BucketReport implements ProbeReport {
    private final List<Row> rows = new ArrayList<>();
    private final List<Stage> stages = new ArrayList<>();

    private record Row(int gc, Map<Stage, Double> openedMs) {
    }

    BucketReport(List<ProbeEvents.Gc> gcs, List<ProbeEvents.Bucket> buckets) {
        Map<Integer, ProbeEvents.Gc> byNumber = new LinkedHashMap<>();
        for (ProbeEvents.Gc g : gcs) {
            byNumber.put(g.gc(), g);
        }
        Map<Integer, Map<Stage, Double>> opened = new LinkedHashMap<>();
        for (ProbeEvents.Bucket b : buckets) {
            ProbeEvents.Gc g = byNumber.get(b.gc());
            Stage stage = Stage.ofLabel(b.stage());
            if (g != null && stage != null) {
                opened.computeIfAbsent(b.gc(), k -> new LinkedHashMap<>()).put(stage, (b.time() - g.start()) / 1e6);
            }
        }
        for (Stage s : Stage.values()) {
            for (Map<Stage, Double> m : opened.values()) {
                if (m.containsKey(s)) {
                    stages.add(s);
                    break;
                }
            }
        }
        opened.forEach((gc, m) -> rows.add(new Row(gc, m)));
    }

    @Override
    public void table(PrintWriter out) {
        out.println("bucket openings, ms after the start of each collection");
        out.printf("%6s", "gc");
        for (Stage s : stages) {
            out.printf(" %16s", s.label);
        }
        out.println();
        for (Row r : rows) {
            out.printf("%6d", r.gc());
            for (Stage s : stages) {
                Double v = r.openedMs().get(s);
                out.print(v == null ? String.format(" %16s", "-") : String.format(Locale.ROOT, " %16.3f", v));
            }
            out.println();
        }
        out.printf("%6s", "median");
        for (Stage s : stages) {
            out.printf(Locale.ROOT, " %16.3f", median(s));
        }
        out.println();
        out.flush();
    }

    private double median(Stage s) {
        double[] v = rows.stream().map(r -> r.openedMs().get(s)).filter(x -> x != null).mapToDouble(Double::doubleValue)
                .toArray();
        return v.length == 0 ? Double.NaN : Bootstrap.median(v);
    }

    @Override
    public void json(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("collections");
        for (Row r : rows) {
            g.writeStartObject();
            g.writeNumberField("gc", r.gc());
            g.writeObjectFieldStart("openedMs");
            for (Map.Entry<Stage, Double> e : r.openedMs().entrySet()) {
                g.writeNumberField(e.getKey().label, e.getValue());
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    @Override
    public List<Path> files(Path dir) throws IOException {
        Path csv = dir.resolve("buckets.csv");
        try (Csv out = new Csv(csv, "gc", "stage", "opened_ms")) {
            for (Row r : rows) {
                for (Map.Entry<Stage, Double> e : r.openedMs().entrySet()) {
                    out.row(r.gc(), e.getKey().label, e.getValue());
                }
            }
        }
        return List.of(csv);
    }
}
