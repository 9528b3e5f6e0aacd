package org.jmmtk.tools.study;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.core.Options;
import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.error.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk study granularity FILE.csv}: the Merlin paper's Tables III and IV from a merged
 * granularity study ({@link GranularityAnalysis}). Command thread only.
 */
@Command(name = "granularity", sortOptions = false,
        description = {"Analyse a merged granularity study (a study with a 'granularity:' section, merged by 'study "
                + "merge') as the Merlin paper's section 4 does: every granulated run's mark/cons, space-time, number of "
                + "GCs and write-barrier stores divided by the same configuration's run on the perfect trace, the log of "
                + "the ratio tested against 0 with a two-tailed t-test per collector, scheme and granule, and a table "
                + "(the paper's Table III; Table IV with --min-max-live 2m) of the smallest granule at which each metric "
                + "differs significantly, with + where granulated runs are higher and - where lower."})
final class GranularityCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE.csv", description = "A CSV that 'jmmtk study merge' wrote.")
    Path csv;

    @Option(names = "--min-gcs", paramLabel = "N", defaultValue = "10",
            description = "Leave out pairs of runs where either made fewer GCs (default: ${DEFAULT-VALUE}, the paper's).")
    int minGcs;

    @Option(names = "--min-max-live", paramLabel = "SIZE", defaultValue = "0",
            description = "Leave out programs whose maximum live size is smaller (the paper's Table IV: 2m).")
    String minMaxLive;

    @Option(names = "--alpha", paramLabel = "P", defaultValue = "0.05",
            description = "The test's significance level (default: ${DEFAULT-VALUE}: 95%% confidence).")
    double alpha;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.csv",
            description = "Also write every test (metric, scheme, plan, granule, n, mean log ratio, ratio, t, p, significant).")
    Path output;

    @Option(names = "--json", description = "Print the table and the tests as one JSON object.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (minGcs < 0) {
            throw new UsageException("--min-gcs must be at least 0, got " + minGcs);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new UsageException("--alpha must be between 0 and 1, got " + alpha);
        }
        long live;
        try {
            live = Options.parseSize(minMaxLive);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--min-max-live: " + e.getMessage());
        }
        if (output != null) {
            OutputFile.check(output, csv);
        }
        GranularityAnalysis.Result r = GranularityAnalysis.analyse(CsvTable.read(csv),
                new GranularityAnalysis.Filter(minGcs, live, alpha));
        if (r.pairs() == 0) {
            throw new UsageException(csv + ": no granulated run has a comparable perfect-trace run left ("
                    + r.excluded() + " left out: out of memory, fewer than " + minGcs + " GCs, a granule of a quarter of "
                    + "the heap or more" + (live > 0 ? ", or a smaller maximum live size" : "") + ")");
        }
        if (output != null) {
            try (Csv out = new Csv(output, "metric", "scheme", "plan", "granule", "n", "meanLogRatio", "ratio", "t", "p",
                    "significant")) {
                for (GranularityAnalysis.Test t : r.tests()) {
                    out.row(t.metric(), t.scheme(), t.plan(), t.granule(), t.n(), t.meanLogRatio(), t.ratio(), t.t(), t.p(),
                            t.significant());
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(ResultFile.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(r)));
        } else {
            print(out, r);
        }
        out.flush();
        return ExitCodes.OK;
    }

    private void print(PrintWriter out, GranularityAnalysis.Result r) {
        out.printf(Locale.ROOT, "Smallest granule at which each metric differs significantly from the perfect trace "
                + "(two-tailed t-test, p <= %s; + higher, - lower)%n", alpha);
        out.printf(Locale.ROOT, "%,d pairs of runs compared, %,d left out%n%n", r.pairs(), r.excluded());
        int width = 5;
        for (String p : r.plans()) {
            width = Math.max(width, p.length());
        }
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-11s", ""));
        StringBuilder sub = new StringBuilder(String.format(Locale.ROOT, "%-11s", ""));
        for (String scheme : r.schemes()) {
            String group = String.format(Locale.ROOT, "%-" + ((width + 1) * r.plans().size() + 2) + "s", scheme);
            head.append(group);
            for (String p : r.plans()) {
                sub.append(String.format(Locale.ROOT, " %" + width + "s", p));
            }
            sub.append("  ");
        }
        out.println(head.toString().stripTrailing());
        out.println(sub.toString().stripTrailing());
        for (GranularityAnalysis.Metric m : GranularityAnalysis.METRICS) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-11s", m.label()));
            for (String scheme : r.schemes()) {
                for (String p : r.plans()) {
                    line.append(String.format(Locale.ROOT, " %" + width + "s", cell(r, m.label(), scheme, p)));
                }
                line.append("  ");
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String cell(GranularityAnalysis.Result r, String metric, String scheme, String plan) {
        for (GranularityAnalysis.Cell c : r.cells()) {
            if (c.metric().equals(metric) && c.scheme().equals(scheme) && c.plan().equals(plan)) {
                return c.text();
            }
        }
        return "-";
    }

    private ObjectNode toJson(GranularityAnalysis.Result r) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("alpha", alpha);
        root.put("pairs", r.pairs());
        root.put("excluded", r.excluded());
        ArrayNode table = root.putArray("table");
        for (GranularityAnalysis.Cell c : r.cells()) {
            ObjectNode o = table.addObject();
            o.put("metric", c.metric());
            o.put("scheme", c.scheme());
            o.put("plan", c.plan());
            o.put("smallestGranule", c.granule() == 0 ? null : c.granule());
            o.put("direction", c.direction() > 0 ? "higher" : c.direction() < 0 ? "lower" : null);
            o.put("text", c.text());
        }
        ArrayNode tests = root.putArray("tests");
        for (GranularityAnalysis.Test t : r.tests()) {
            ObjectNode o = tests.addObject();
            o.put("metric", t.metric());
            o.put("scheme", t.scheme());
            o.put("plan", t.plan());
            o.put("granule", t.granule());
            o.put("n", t.n());
            o.put("meanLogRatio", t.meanLogRatio());
            o.put("ratio", t.ratio());
            putFinite(o, "t", t.t());
            putFinite(o, "p", t.p());
            o.put("significant", t.significant());
        }
        return root;
    }

    private static void putFinite(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }
}
