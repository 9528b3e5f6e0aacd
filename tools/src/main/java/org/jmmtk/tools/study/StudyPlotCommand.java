package org.jmmtk.tools.study;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.output.OutputDirectory;
import org.jmmtk.tools.error.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jmmtk study plot FILE.csv -o DIR}: the figures of a merged study, PNG and SVG. Command thread only. */
@Command(name = "plot", sortOptions = false,
        description = {"Draw a merged study (the CSV of 'study merge'): for each trace or workload, GC time, mark/cons "
                + "and the number of GCs against the heap factor (or heap), one line per plan, a log scale where the "
                + "values span a factor of 10 or more, each point the median of the repetitions with its 95%% bootstrap interval; "
                + "each figure as PNG and SVG (its words as text). Cells that ran out of memory are crosses on the x axis."})
final class StudyPlotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE.csv", description = "A CSV that 'jmmtk study merge' wrote.")
    Path csv;

    @Option(names = {"-o", "--out-dir"}, paramLabel = "DIR", required = true,
            description = "Where the figures go, created if missing.")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<StudyPlots.Drawing> drawings = new StudyPlots(CsvTable.read(csv)).drawings();
        if (drawings.isEmpty()) {
            throw new UsageException(csv + ": no cell completed, so there is nothing to draw");
        }
        OutputDirectory.create(dir, "-o");
        List<Path> files = StudyPlots.save(drawings, dir);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("wrote %d figures (PNG and SVG) into %s%n", files.size() / 2, dir);
        out.flush();
        return ExitCodes.OK;
    }
}
