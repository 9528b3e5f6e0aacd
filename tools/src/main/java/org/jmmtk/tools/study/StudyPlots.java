package org.jmmtk.tools.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jmmtk.tools.plot.Charts;
import org.knowm.xchart.XYChart;

/**
 * The figures of a merged study, as GC papers draw them: for each program, GC time, mark/cons and the
 * number of collections against the heap (factor or size), one line per plan (and thread count, when the
 * study has several). Cells that ran out of memory, failed or are missing have no point. Command thread only.
 */
final class StudyPlots {
    /** One metric drawn against the heap. */
    private record Figure(String suffix, String column, String title, String axis) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("gc-time", "pauseTotalMs", "GC time", "GC time (total pause, ms)"),
            new Figure("mark-cons", "markCons", "mark/cons", "mark/cons (bytes traced / bytes allocated)"),
            new Figure("gc-count", "gcCount", "GCs", "number of GCs"));

    /** Columns a merged study has that the figures need. */
    static final List<String> REQUIRED = List.of("plan", "threads", "pauseTotalMs", "markCons", "gcCount");

    private final CsvTable table;
    private final String heapColumn;
    private final boolean severalThreads;

    StudyPlots(CsvTable table) {
        this.table = table;
        for (String c : REQUIRED) {
            table.require(c, "a CSV that 'jmmtk study merge' wrote has it");
        }
        if (!table.has("heapFactor") && !table.has("heap")) {
            table.require("heapFactor", "or 'heap': the figures draw against the heap");
        }
        if (!table.has("trace") && !table.has("workload")) {
            table.require("trace", "or 'workload': there is a figure per program");
        }
        this.heapColumn = table.has("heapFactor") ? "heapFactor" : "heap";
        this.severalThreads = table.rows().stream().map(r -> table.get(r, "threads")).distinct().count() > 1;
    }

    /** A figure ready to save: its file name without extension and the chart. */
    record Drawing(String name, XYChart chart) {
    }

    /** Every figure that has at least one point, drawn but not yet saved. */
    List<Drawing> drawings() {
        Map<String, List<List<String>>> programs = new LinkedHashMap<>();
        for (List<String> row : table.rows()) {
            programs.computeIfAbsent(program(row), k -> new ArrayList<>()).add(row);
        }
        List<Drawing> drawings = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (Map.Entry<String, List<List<String>>> p : programs.entrySet()) {
            String base = fileName(p.getKey(), used);
            for (Figure f : FIGURES) {
                List<Charts.Series> series = series(p.getValue(), f.column());
                if (series.isEmpty()) {
                    continue;
                }
                boolean logX = heapColumn.equals("heap") && spread(series, true);
                boolean logY = spread(series, false);
                String xLabel = heapColumn.equals("heap") ? "heap (bytes)" : "heap factor (x maximum live size)";
                drawings.add(new Drawing(base + "." + f.suffix(),
                        Charts.lines(f.title() + ": " + p.getKey(), xLabel, f.axis(), series, logX, logY)));
            }
        }
        return drawings;
    }

    /** Saves {@code drawings} into {@code dir} as PNG and SVG; returns the files written. */
    static List<Path> save(List<Drawing> drawings, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Drawing d : drawings) {
            files.addAll(Charts.save(d.chart(), dir, d.name()));
        }
        return files;
    }

    private String program(List<String> row) {
        String trace = table.get(row, "trace");
        if (!trace.isEmpty()) {
            return trace;
        }
        String seed = table.get(row, "seed");
        String scale = table.get(row, "scale");
        return table.get(row, "workload") + (seed.isEmpty() ? "" : "-s" + seed) + (scale.isEmpty() ? "" : "-x" + scale.replace('.', 'p'));
    }

    /** A name that is safe in a file name and not yet used. */
    private static String fileName(String program, Set<String> used) {
        String base = program.replaceAll("[^A-Za-z0-9_+.-]", "_").replaceAll("^\\.+", "_");
        if (base.isEmpty() || base.length() > 100) {
            base = "program" + used.size();
        }
        String name = base;
        for (int i = 2; !used.add(name); i++) {
            name = base + "-" + i;
        }
        return name;
    }

    /** A line per plan (and thread count), points sorted by heap, cells without a value left out. */
    private List<Charts.Series> series(List<List<String>> rows, String column) {
        Map<String, TreeMap<Double, Double>> lines = new LinkedHashMap<>();
        for (List<String> row : rows) {
            String outcome = table.get(row, "outcome");
            Double x = parse(table.get(row, heapColumn));
            Double y = parse(table.get(row, column));
            String threads = table.get(row, "threads");
            String label = table.get(row, "plan")
                    + (severalThreads ? " (" + threads + (threads.equals("1") ? " thread)" : " threads)") : "");
            TreeMap<Double, Double> line = lines.computeIfAbsent(label, k -> new TreeMap<>());
            boolean completed = outcome.isEmpty() || outcome.equals("ok");
            if (x != null && y != null && completed && !"true".equals(table.get(row, "outOfMemory"))) {
                line.put(x, y);
            }
        }
        List<Charts.Series> series = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Double, Double>> e : lines.entrySet()) {
            if (!e.getValue().isEmpty()) {
                double[] xs = e.getValue().keySet().stream().mapToDouble(Double::doubleValue).toArray();
                double[] ys = e.getValue().values().stream().mapToDouble(Double::doubleValue).toArray();
                series.add(new Charts.Series(e.getKey(), xs, ys, false));
            }
        }
        return series;
    }

    private static Double parse(String text) {
        try {
            double v = Double.parseDouble(text);
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether a log axis helps: every value positive and spanning at least a factor of 10. */
    private static boolean spread(List<Charts.Series> series, boolean x) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Charts.Series s : series) {
            for (double v : x ? s.x() : s.y()) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return min > 0 && max / min >= 10;
    }
}
