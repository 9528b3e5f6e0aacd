package org.jmmtk.tools.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jmmtk.tools.sweep.Bootstrap;

/**
 * Joins a study directory's results into one table: a row per cell (a task's parameters but its
 * repetition) with the parameter columns, how many repetitions it merges, their outcome, and the median
 * over them of every scalar metric ({@link Metrics}), then the 95% bootstrap interval of that median for
 * each metric the study's figures draw ({@code pauseTotalMs.low95}, {@code .high95}, ...). Failed and
 * missing tasks are counted and listed, not merged. Used on the command's thread.
 */
final class Merger {
    /** Parameter columns, in this order, each present when some task has it. */
    private static final List<String> PARAMETERS = List.of("plan", "collector", "heapFactor", "minHeapFactor", "heap", "trace", "workload",
            "seed", "scale", "granule", "sync", "threads", "options", "plugins");

    /** The merged table and what could not be merged. */
    record Table(List<String> columns, List<List<String>> rows, int tasks, int merged, List<ObjectNode> missing,
                 List<ResultFile.Stored> failed) {
    }

    private Merger() {
    }

    static Table merge(Path dir) throws IOException {
        StudyManifest.Content manifest = StudyManifest.read(dir);
        Map<String, List<ResultFile.Stored>> cells = new LinkedHashMap<>();
        Map<String, ObjectNode> cellParameters = new LinkedHashMap<>();
        List<ObjectNode> missing = new ArrayList<>();
        List<ResultFile.Stored> failed = new ArrayList<>();
        int merged = 0;
        for (ObjectNode task : manifest.tasks()) {
            ObjectNode cell = task.deepCopy();
            cell.remove(List.of("index", "name", "repeat"));
            String key = cell.toString();
            cellParameters.putIfAbsent(key, cell);
            List<ResultFile.Stored> results = cells.computeIfAbsent(key, k -> new ArrayList<>());
            Optional<ResultFile.Stored> stored = ResultFile.read(dir, task);
            if (stored.isEmpty()) {
                missing.add(task);
            } else if (!stored.get().outcome().done()) {
                failed.add(stored.get());
            } else {
                results.add(stored.get());
                merged++;
            }
        }
        List<String> params = parameterColumns(cellParameters.values());
        List<String> metrics = metricColumns(cells.values(), params);
        List<String> columns = new ArrayList<>(params);
        columns.add("repeats");
        columns.add("outcome");
        columns.addAll(metrics);
        List<String> spread = StudyPlots.metrics().stream().filter(metrics::contains).toList();
        for (String m : spread) {
            columns.add(m + StudyPlots.LOW);
            columns.add(m + StudyPlots.HIGH);
        }
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, List<ResultFile.Stored>> e : cells.entrySet()) {
            rows.add(row(cellParameters.get(e.getKey()), params, e.getValue(), metrics, spread));
        }
        return new Table(columns, rows, manifest.tasks().size(), merged, missing, failed);
    }

    private static List<String> parameterColumns(Iterable<ObjectNode> cells) {
        Set<String> present = new LinkedHashSet<>();
        boolean renamed = false;
        for (ObjectNode c : cells) {
            c.fieldNames().forEachRemaining(present::add);
            renamed |= !c.path("plan").asText().equals(c.path("collector").asText());
        }
        boolean anyOptions = false;
        boolean anyPlugins = false;
        for (ObjectNode c : cells) {
            anyOptions |= !c.path("options").isEmpty();
            anyPlugins |= !c.path("plugins").isEmpty();
        }
        List<String> columns = new ArrayList<>();
        for (String p : PARAMETERS) {
            boolean wanted = present.contains(p) && (!p.equals("collector") || renamed)
                    && (!p.equals("options") || anyOptions) && (!p.equals("plugins") || anyPlugins);
            if (wanted) {
                columns.add(p);
            }
        }
        return columns;
    }

    /** Every metric some merged result has, in the order results print them; parameters are not repeated. */
    private static List<String> metricColumns(Iterable<List<ResultFile.Stored>> cells, List<String> params) {
        Set<String> names = new LinkedHashSet<>();
        for (List<ResultFile.Stored> results : cells) {
            for (ResultFile.Stored r : results) {
                names.addAll(metrics(r).keySet());
            }
        }
        names.removeAll(params);
        return new ArrayList<>(names);
    }

    /** A result's metrics: the maximum live size or minimum heap its heap factor multiplied, then those of its run. */
    private static Map<String, JsonNode> metrics(ResultFile.Stored r) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (String field : List.of("maxLiveBytes", "minHeapBytes")) {
            if (r.json().path(field).isNumber()) {
                m.put(field, r.json().get(field));
            }
        }
        m.putAll(Metrics.scalars(r.run()));
        return m;
    }

    private static List<String> row(ObjectNode cell, List<String> params, List<ResultFile.Stored> results,
                                    List<String> metrics, List<String> spread) {
        List<String> row = new ArrayList<>();
        for (String p : params) {
            JsonNode v = cell.get(p);
            row.add(v == null ? "" : v.isArray() ? join(v) : v.isNumber() ? number(v.asDouble(), v.isIntegralNumber()) : v.asText());
        }
        row.add(Integer.toString(results.size()));
        row.add(outcome(results));
        List<Map<String, JsonNode>> values = results.stream().map(Merger::metrics).toList();
        for (String m : metrics) {
            row.add(median(values.stream().map(v -> v.get(m)).filter(v -> v != null && !v.isNull()).toList()));
        }
        for (String m : spread) {
            double[] xs = values.stream().map(v -> v.get(m)).filter(v -> v != null && v.isNumber())
                    .mapToDouble(JsonNode::asDouble).toArray();
            Bootstrap.Estimate ci = xs.length == 0 ? null : Bootstrap.median95(xs);
            row.add(ci == null ? "" : number(ci.low(), false));
            row.add(ci == null ? "" : number(ci.high(), false));
        }
        return row;
    }

    private static String join(JsonNode array) {
        List<String> parts = new ArrayList<>();
        array.forEach(a -> parts.add(a.asText()));
        return String.join(" ", parts);
    }

    private static String outcome(List<ResultFile.Stored> results) {
        Set<String> words = new LinkedHashSet<>();
        results.forEach(r -> words.add(r.outcome().word()));
        return words.isEmpty() ? "none" : words.size() == 1 ? words.iterator().next() : "mixed";
    }

    /** The median of numbers; for booleans the common value, or "mixed"; empty when there are none. */
    static String median(List<JsonNode> values) {
        if (values.isEmpty()) {
            return "";
        }
        if (values.get(0).isBoolean()) {
            boolean first = values.get(0).asBoolean();
            return values.stream().allMatch(v -> v.isBoolean() && v.asBoolean() == first) ? Boolean.toString(first) : "mixed";
        }
        double[] xs = values.stream().filter(JsonNode::isNumber).mapToDouble(JsonNode::asDouble).sorted().toArray();
        if (xs.length == 0) {
            return "";
        }
        boolean integral = values.stream().allMatch(JsonNode::isIntegralNumber);
        int n = xs.length;
        double m = n % 2 == 1 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
        return number(m, integral && m == Math.rint(m));
    }

    /** A number as CSV text: whole numbers without a decimal point, others in Java's shortest exact form. */
    static String number(double v, boolean integral) {
        if ((integral || v == Math.rint(v)) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    static List<String> names(List<ObjectNode> tasks) {
        return tasks.stream().map(t -> t.path("index").asText() + " " + t.path("name").asText()).toList();
    }

    static List<String> failedNames(List<ResultFile.Stored> failed) {
        return failed.stream().map(f -> f.json().path("task").path("index").asText() + " "
                + f.json().path("task").path("name").asText()).toList();
    }
}
