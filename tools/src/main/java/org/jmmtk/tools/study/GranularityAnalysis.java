package org.jmmtk.tools.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.statistics.inference.TTest;
import org.jmmtk.tools.error.UsageException;

/**
 * The Merlin paper's analysis of trace granularity (section 4, Tables III and IV) over a merged
 * granularity study: each granulated run's metric is divided by the same configuration's run on the
 * perfect trace, the logarithm of that ratio is averaged per collector, scheme and granule, and a
 * two-tailed one-sample t-test asks whether the mean differs from 0 (no effect) at the given level.
 * The table gives, per metric, scheme and collector, the smallest granule at which it does. Runs are
 * left out as the paper leaves them out: fewer than {@code minGcs} collections in either run, a granule
 * of half the from-space (a quarter of the heap) or more, either run out of memory, and (for Table IV)
 * programs whose maximum live size is below {@code minMaxLive}. Command thread only.
 */
final class GranularityAnalysis {
    /** A metric of the paper's tables, by its column in the merged CSV. */
    record Metric(String column, String label) {
    }

    static final List<Metric> METRICS = List.of(new Metric("markCons", "Mark/Cons"), new Metric("spaceTime", "Space-Time"),
            new Metric("gcCount", "|GC|"), new Metric("writeBarrierStores", "WB Stores"));

    /** The columns a merged granularity study has that the analysis needs. */
    static final List<String> REQUIRED = List.of("plan", "granule", "sync", "outcome", "heapBytes", "markCons",
            "spaceTime", "gcCount", "writeBarrierStores");

    /** What is left out, and the test's level. */
    record Filter(int minGcs, long minMaxLive, double alpha) {
    }

    /** One t-test: a metric of a collector's runs at one granule under one scheme against the perfect trace. */
    record Test(String metric, String scheme, String plan, long granule, int n, double meanLogRatio, double t, double p,
                boolean significant) {
        /** exp of the mean log ratio: the geometric mean of granulated / perfect. */
        double ratio() {
            return Math.exp(meanLogRatio);
        }
    }

    /** A cell of the table: the smallest granule at which the metric differs, and which way, or why there is none. */
    record Cell(String metric, String scheme, String plan, long granule, int direction, String text) {
    }

    /** The whole result: every test, and the table's cells. */
    record Result(List<Test> tests, List<Cell> cells, List<String> plans, List<String> schemes, int pairs, int excluded) {
    }

    private GranularityAnalysis() {
    }

    static Result analyse(CsvTable table, Filter filter) {
        for (String c : REQUIRED) {
            table.require(c, "a CSV that 'jmmtk study merge' wrote of a study with a 'granularity:' section has it");
        }
        if (filter.minMaxLive() > 0) {
            table.require("maxLiveBytes", "--min-max-live needs each program's maximum live size: give the study heapFactors");
        }
        Map<String, List<String>> perfect = new LinkedHashMap<>();
        for (List<String> row : table.rows()) {
            if (granule(table, row) == 0) {
                perfect.put(configuration(table, row), row);
            }
        }
        List<String> plans = new ArrayList<>();
        List<String> schemes = new ArrayList<>();
        // metric|scheme|plan -> granule -> log ratios
        Map<String, TreeMap<Long, List<Double>>> samples = new LinkedHashMap<>();
        Set<String> counted = new LinkedHashSet<>();
        int pairs = 0;
        int excluded = 0;
        for (List<String> row : table.rows()) {
            long granule = granule(table, row);
            if (granule == 0) {
                continue;
            }
            String plan = table.get(row, "plan");
            String scheme = table.get(row, "sync");
            addOnce(plans, plan);
            addOnce(schemes, scheme);
            List<String> base = perfect.get(configuration(table, row));
            if (base == null || excluded(table, row, base, granule, filter)) {
                excluded++;
                continue;
            }
            pairs++;
            for (Metric m : METRICS) {
                double g = number(table, row, m.column());
                double b = number(table, base, m.column());
                String key = m.label() + "|" + scheme + "|" + plan;
                if (b != 0) {
                    counted.add(key);
                }
                if (b == 0 && g == 0) {
                    continue;  // a metric the collector does not have (no barrier): n/a unless some run has it
                }
                if (b == 0 || g == 0) {
                    continue;  // no finite ratio
                }
                samples.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(granule, k -> new ArrayList<>())
                        .add(Math.log(g / b));
            }
        }
        List<Test> tests = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        for (Metric m : METRICS) {
            for (String scheme : schemes) {
                for (String plan : plans) {
                    String key = m.label() + "|" + scheme + "|" + plan;
                    TreeMap<Long, List<Double>> byGranule = samples.getOrDefault(key, new TreeMap<>());
                    Test first = null;
                    for (Map.Entry<Long, List<Double>> e : byGranule.entrySet()) {
                        Test t = test(m.label(), scheme, plan, e.getKey(), e.getValue(), filter.alpha());
                        tests.add(t);
                        if (first == null && t.significant()) {
                            first = t;
                        }
                    }
                    String text;
                    if (!counted.contains(key) && byGranule.isEmpty()) {
                        text = pairs == 0 ? "-" : "n/a";
                    } else if (first == null) {
                        text = "none";
                    } else {
                        text = Names.size(first.granule()) + (first.meanLogRatio() > 0 ? "+" : "-");
                    }
                    cells.add(new Cell(m.label(), scheme, plan, first == null ? 0 : first.granule(),
                            first == null ? 0 : (int) Math.signum(first.meanLogRatio()), text));
                }
            }
        }
        return new Result(tests, cells, plans, schemes, pairs, excluded);
    }

    /** Two-tailed one-sample t-test of mean 0; a sample of one, or without spread, decides by its mean alone. */
    static Test test(String metric, String scheme, String plan, long granule, List<Double> logRatios, double alpha) {
        double[] x = logRatios.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= x.length;
        boolean spread = false;
        for (double v : x) {
            spread |= v != x[0];
        }
        double t;
        double p;
        if (x.length < 2) {
            t = Double.NaN;
            p = Double.NaN;
        } else if (!spread) {
            t = mean == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mean);
            p = mean == 0 ? 1 : 0;
        } else {
            TTest.Result r = TTest.withDefaults().test(x);
            t = r.getStatistic();
            p = r.getPValue();
        }
        return new Test(metric, scheme, plan, granule, x.length, mean, t, p, p <= alpha);
    }

    private static boolean excluded(CsvTable table, List<String> row, List<String> base, long granule, Filter f) {
        if (!table.get(row, "outcome").equals("ok") || !table.get(base, "outcome").equals("ok")) {
            return true;
        }
        if (number(table, row, "gcCount") < f.minGcs() || number(table, base, "gcCount") < f.minGcs()) {
            return true;
        }
        // the paper's rule: a granule of half the from-space or more; a copying collector's from-space is half the heap
        if (granule * 4 >= number(table, base, "heapBytes")) {
            return true;
        }
        return f.minMaxLive() > 0 && number(table, base, "maxLiveBytes") < f.minMaxLive();
    }

    /** Every parameter of a row but the granule and scheme: what a granulated run shares with its perfect one. */
    private static String configuration(CsvTable table, List<String> row) {
        StringBuilder key = new StringBuilder();
        for (String column : table.header()) {
            if (column.equals("repeats") || column.equals("outcome")) {
                break;  // parameters come first in a merged CSV, metrics after these
            }
            if (!column.equals("granule") && !column.equals("sync")) {
                key.append(column).append('=').append(table.get(row, column)).append('\u0001');
            }
        }
        return key.toString();
    }

    private static long granule(CsvTable table, List<String> row) {
        String text = table.get(row, "granule");
        try {
            long g = Long.parseLong(text);
            if (g < 0) {
                throw new NumberFormatException();
            }
            return g;
        } catch (NumberFormatException e) {
            throw new UsageException(table.file() + ":" + (table.rows().indexOf(row) + 2) + ": granule '" + text
                    + "' is not a byte count");
        }
    }

    private static double number(CsvTable table, List<String> row, String column) {
        String text = table.get(row, column);
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new UsageException(table.file() + ":" + (table.rows().indexOf(row) + 2) + ": " + column + " '" + text
                    + "' is not a number");
        }
    }

    private static void addOnce(List<String> list, String value) {
        if (!list.contains(value)) {
            list.add(value);
        }
    }
}
