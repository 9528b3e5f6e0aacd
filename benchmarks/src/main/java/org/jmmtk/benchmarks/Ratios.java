package org.jmmtk.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.tools.sweep.Bootstrap;

/**
 * Summarises interleaved single-fork JMH runs (see {@code benchmarks/interleave.sh}): for each
 * benchmark method and setting of the other parameters, and each value of one parameter, the median of
 * the fork means with a 95% bootstrap interval, and its ratio to the first value's. A fork's mean is
 * one sample, because forks differ (JIT decisions, memory layout) more than iterations within a fork do.
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.jmmtk.benchmarks.Ratios [--metric NAME] PARAM V1,V2,... RESULT.json...}
 *
 * <p>{@code --metric NAME} compares the secondary metric {@code NAME} (an {@code @AuxCounters} counter such
 * as {@code records}) instead of the primary one. A result written {@code VALUE=RESULT.json} counts as
 * {@code PARAM=VALUE} when its benchmark has no parameter {@code PARAM}: that compares runs of different
 * builds (see {@code benchmarks/interleave-jars.sh}).
 */
public final class Ratios {
    private Ratios() {
    }

    private static final String USAGE =
            "usage: java -cp benchmarks.jar org.jmmtk.benchmarks.Ratios [--metric NAME] PARAM V1,V2,... RESULT.json...";

    /** Exit status 2, with a message, for wrong arguments or a file that is not a readable JMH JSON result. */
    public static void main(String[] args) {
        int first = args.length > 1 && args[0].equals("--metric") ? 2 : 0;
        if (args.length < first + 3 || args[0].startsWith("-") && first == 0) {
            System.err.println(USAGE);
            System.exit(2);
        }
        try {
            summarise(args, first, first == 2 ? args[1] : null);
        } catch (IOException e) {
            System.err.println("Ratios: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void summarise(String[] args, int first, String metric) throws IOException {
        String param = args[first];
        String[] values = args[first + 1].split(",");
        Map<String, Map<String, List<Double>>> samples = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (int i = first + 2; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String label = eq > 0 && !Path.of(arg).toFile().exists() ? arg.substring(0, eq) : null;
            read(Path.of(label == null ? arg : arg.substring(eq + 1)), param, label, metric, samples, units);
        }
        for (Map.Entry<String, Map<String, List<Double>>> bench : samples.entrySet()) {
            System.out.printf("%s%s (%s; median of fork means [95%% CI], ratio to %s=%s [95%% CI])%n", bench.getKey(),
                    metric == null ? "" : " :" + metric, units.get(bench.getKey()), param, values[0]);
            double[] base = toArray(bench.getValue().get(values[0]));
            for (String v : values) {
                double[] s = toArray(bench.getValue().get(v));
                if (s.length == 0 || base.length == 0) {
                    continue;
                }
                Bootstrap.Estimate m = Bootstrap.median95(s);
                Bootstrap.Estimate ratio = Bootstrap.ratio95(s, base);
                System.out.printf(Locale.ROOT, "  %-14s n=%-3d %10.4f [%.4f, %.4f]   ratio %.4f [%.4f, %.4f]%n", v,
                        s.length, m.value(), m.low(), m.high(), ratio.value(), ratio.low(), ratio.high());
            }
        }
    }

    private static double[] toArray(List<Double> list) {
        return list == null ? new double[0] : list.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Adds the fork means of one JMH JSON result file: of its primary metric, or of the secondary metric
     * {@code metric} if that is not null; {@code label}, if not null, is the value of {@code param} for
     * results without that parameter.
     */
    private static void read(Path file, String param, String label, String metric,
                             Map<String, Map<String, List<Double>>> samples, Map<String, String> units)
            throws IOException {
        try (JsonParser p = new JsonFactory().createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException(file + ": not a JMH JSON result");
            }
            while (p.nextToken() == JsonToken.START_OBJECT) {
                String benchmark = null;
                Params params = new Params(null, "");
                String unit = null;
                List<Double> forkMeans = new ArrayList<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    switch (field) {
                        case "benchmark" -> benchmark = p.getText();
                        case "params" -> params = params(p, param);
                        case "primaryMetric" -> {
                            if (metric == null) {
                                unit = primary(p, forkMeans);
                            } else {
                                p.skipChildren();
                            }
                        }
                        case "secondaryMetrics" -> {
                            if (metric == null) {
                                p.skipChildren();
                            } else {
                                unit = secondary(p, metric, forkMeans);
                            }
                        }
                        default -> p.skipChildren();
                    }
                }
                if (benchmark == null) {
                    throw new IOException(file + ": not a JMH JSON result (a result without a benchmark name)");
                }
                if (unit == null) {
                    throw new IOException(file + ": " + benchmark + " has no metric " + metric);
                }
                String name = benchmark.substring(benchmark.lastIndexOf('.') + 1) + params.others();
                String value = params.value() == null ? label : params.value();
                if (value == null) {
                    throw new IOException(file + ": " + benchmark + " has no parameter " + param
                            + " (write the file as VALUE=" + file + ")");
                }
                units.put(name, unit);
                samples.computeIfAbsent(name, k -> new LinkedHashMap<>())
                        .computeIfAbsent(value, k -> new ArrayList<>()).addAll(forkMeans);
            }
        }
    }

    /** The compared parameter's value, and the other parameters as a label like {@code " [plan=marksweep]"}. */
    private record Params(String value, String others) {
    }

    private static Params params(JsonParser p, String param) throws IOException {
        String value = null;
        StringBuilder others = new StringBuilder();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if (name.equals(param)) {
                value = p.getText();
            } else {
                others.append(others.length() == 0 ? " [" : ", ").append(name).append('=').append(p.getText());
            }
        }
        return new Params(value, others.length() == 0 ? "" : others.append(']').toString());
    }

    /** Reads secondaryMetrics; reads the metric {@code metric} as {@link #primary}, returns its unit (null if absent). */
    private static String secondary(JsonParser p, String metric, List<Double> forkMeans) throws IOException {
        String unit = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            if (name.equals(metric)) {
                unit = primary(p, forkMeans);
            } else {
                p.skipChildren();
            }
        }
        return unit;
    }

    /** Reads primaryMetric (or one secondary metric); puts each fork's mean into {@code forkMeans}; returns the unit. */
    private static String primary(JsonParser p, List<Double> forkMeans) throws IOException {
        String unit = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            if (field.equals("scoreUnit")) {
                unit = p.getText();
            } else if (field.equals("rawData")) {
                while (p.nextToken() == JsonToken.START_ARRAY) {
                    double sum = 0;
                    int n = 0;
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        sum += p.getDoubleValue();
                        n++;
                    }
                    forkMeans.add(sum / n);
                }
            } else {
                p.skipChildren();
            }
        }
        return unit;
    }
}
