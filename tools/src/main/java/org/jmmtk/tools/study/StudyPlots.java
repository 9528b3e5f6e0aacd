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
import java.util.stream.Stream;
import org.jmmtk.tools.plot.Charts;

/**
 * The figures of a merged study, as GC papers draw them: for each program, GC time, mark/cons and the
 * number of collections against the heap (factor or size), one line per plan (and thread count, when the
 * study has several), each point the median of the repetitions with its 95% bootstrap interval as a bar
 * (from the merged CSV's {@code .low95}/{@code .high95} columns). Cells that ran out of memory are crosses
 * at the x axis; failed or missing cells have no point. Command thread only.
 */
final class StudyPlots {
    /** One metric drawn against the heap. */
    private record Figure(String suffix, String column, String title, String axis) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("gc-time", "pauseTotalMs", "GC time", "GC time (total pause, ms)"),
            new Figure("mark-cons", "markCons", "mark/cons", "mark/cons (bytes traced / bytes allocated)"),
            new Figure("gc-count", "gcCount", "GCs", "number of GCs"));

    /** Suffixes of the merged CSV's columns with the 95% interval of a metric's median. */
    static final String LOW = ".low95";
    static final String HIGH = ".high95";

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
        this.heapColumn = Stream.of("heapFactor", "minHeapFactor", "heap").filter(table::has).findFirst().orElse(null);
        if (heapColumn == null) {
            table.require("heapFactor", "or 'minHeapFactor' or 'heap': the figures draw against the heap");
        }
        if (!table.has("trace") && !table.has("workload")) {
            table.require("trace", "or 'workload': there is a figure per program");
        }
        this.severalThreads = table.rows().stream().map(r -> table.get(r, "threads")).distinct().count() > 1;
    }

    /** A figure ready to save: its file name without extension and the chart. */
    record Drawing(String name, Charts.Figure chart) {
    }

    /** The metrics the figures draw, whose intervals {@code study merge} adds. */
    static List<String> metrics() {
        return FIGURES.stream().map(Figure::column).toList();
    }

    /** One figure's data: a line per plan, and the cells that ran out of memory. */
    private record Lines(List<Charts.Series> series, List<Charts.OutOfMemory> outOfMemory) {
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
                Lines lines = series(p.getValue(), f.column());
                if (lines.series().stream().allMatch(s -> s.x().length == 0)) {
                    continue;
                }
                boolean logX = heapColumn.equals("heap") && spread(lines.series(), true);
                boolean logY = spread(lines.series(), false);
                String xLabel = heapColumn.equals("heap") ? "heap (bytes)" : heapColumn.equals("minHeapFactor")
                        ? "heap factor (x minimum heap)" : "heap factor (x maximum live size)";
                drawings.add(new Drawing(base + "." + f.suffix(), Charts.lines(f.title() + ": " + p.getKey()
                        + " (median of repetitions)", xLabel, f.axis(), lines.series(), lines.outOfMemory(), logX, logY)));
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

    /**
     * A line per plan (and thread count), points sorted by heap with their intervals when the CSV has
     * them, cells that ran out of memory set apart, failed cells and cells without a value left out.
     */
    private Lines series(List<List<String>> rows, String column) {
        Map<String, TreeMap<Double, double[]>> lines = new LinkedHashMap<>();
        List<Charts.OutOfMemory> outOfMemory = new ArrayList<>();
        for (List<String> row : rows) {
            String outcome = table.get(row, "outcome");
            Double x = parse(table.get(row, heapColumn));
            Double y = parse(table.get(row, column));
            String threads = table.get(row, "threads");
            String label = table.get(row, "plan")
                    + (severalThreads ? " (" + threads + (threads.equals("1") ? " thread)" : " threads)") : "");
            TreeMap<Double, double[]> line = lines.computeIfAbsent(label, k -> new TreeMap<>());
            boolean oom = outcome.equals("oom") || "true".equals(table.get(row, "outOfMemory"));
            boolean completed = outcome.isEmpty() || outcome.equals("ok");
            if (x != null && oom) {
                outOfMemory.add(new Charts.OutOfMemory(label, x));
            } else if (x != null && y != null && completed) {
                Double low = table.has(column + LOW) ? parse(table.get(row, column + LOW)) : null;
                Double high = table.has(column + HIGH) ? parse(table.get(row, column + HIGH)) : null;
                line.put(x, new double[] {y, low == null ? y : Math.min(low, y), high == null ? y : Math.max(high, y)});
            }
        }
        List<Charts.Series> series = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Double, double[]>> e : lines.entrySet()) {
            boolean anyOom = outOfMemory.stream().anyMatch(o -> o.series().equals(e.getKey()));
            if (!e.getValue().isEmpty() || anyOom) {
                double[] xs = e.getValue().keySet().stream().mapToDouble(Double::doubleValue).toArray();
                double[][] v = e.getValue().values().toArray(new double[0][]);
                double[] ys = new double[xs.length];
                double[] lows = new double[xs.length];
                double[] highs = new double[xs.length];
                for (int i = 0; i < xs.length; i++) {
                    ys[i] = v[i][0];
                    lows[i] = v[i][1];
                    highs[i] = v[i][2];
                }
                series.add(new Charts.Series(e.getKey(), xs, ys, lows, highs, false));
            }
        }
        return new Lines(series, outOfMemory);
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
