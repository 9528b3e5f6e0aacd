package org.jmmtk.tools.study;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
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
 * {@code jmmtk study merge DIR -o FILE.csv}: one row per cell of the study in DIR, medians over its
 * repetitions, and the tasks still missing or failed (exit 1 when there are any). Command thread only.
 */
@Command(name = "merge", sortOptions = false,
        description = {"Merge the results of the study in DIR into one CSV: a row per cell (plan, heapFactor, minHeapFactor or heap, "
                + "trace or workload, threads, ...), the number of repetitions merged and their outcome, then the median "
                + "over repetitions of every scalar metric of 'run --json' under its JSON name (nested ones joined with "
                + "dots). Exit 1, listing them, if some tasks have no result or failed."})
final class MergeCommand implements Callable<Integer> {
    /** At most this many task names are listed in the message. */
    static final int MAX_LISTED = 20;

    @Parameters(index = "0", paramLabel = "DIR", description = "The directory 'jmmtk study' wrote.")
    Path dir;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.csv", required = true, description = "The CSV to write.")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        OutputFile.check(output, dir.resolve(StudyManifest.FILE));
        if (output.getFileName() != null && output.getFileName().toString().endsWith(".json")
                && output.toAbsolutePath().normalize().getParent().equals(dir.toAbsolutePath().normalize())) {
            throw new UsageException(output + " would replace a file of the study; write the CSV elsewhere");
        }
        Merger.Table t = Merger.merge(dir);
        try (Csv csv = new Csv(output, t.columns().toArray(String[]::new))) {
            for (List<String> row : t.rows()) {
                csv.row(row.toArray());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("merged %d results of %d tasks into %d rows of %s%n", t.merged(), t.tasks(), t.rows().size(), output);
        out.flush();
        if (t.missing().isEmpty() && t.failed().isEmpty()) {
            return ExitCodes.OK;
        }
        List<String> problems = new ArrayList<>();
        if (!t.missing().isEmpty()) {
            problems.add(t.missing().size() + " of " + t.tasks() + " tasks have no result: " + list(Merger.names(t.missing())));
        }
        if (!t.failed().isEmpty()) {
            problems.add(t.failed().size() + " failed: " + list(Merger.failedNames(t.failed())));
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("jmmtk: " + String.join("; ", problems) + " (run the study again to run them; merged what there is)");
        err.flush();
        return ExitCodes.FAILED;
    }

    private static String list(List<String> names) {
        List<String> shown = names.size() <= MAX_LISTED ? names : names.subList(0, MAX_LISTED);
        return String.join(", ", shown) + (names.size() > shown.size() ? ", and " + (names.size() - shown.size()) + " more" : "");
    }
}
