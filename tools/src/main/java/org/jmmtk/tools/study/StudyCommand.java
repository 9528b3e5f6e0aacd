package org.jmmtk.tools.study;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.output.OutputDirectory;
import org.jmmtk.tools.output.Progress;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.sweep.MachineLoad;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk study FILE.yaml}: runs a study's matrix (plans x heaps x programs x threads x repeats),
 * all of it, one task, or one shard of a cluster job, one JSON result per task, skipping results that
 * exist. See docs/studies.md. Runs on the command's thread, with worker threads waiting on child JVMs.
 */
@Command(name = "study", sortOptions = false, subcommands = {MergeCommand.class, StudyPlotCommand.class, GranularityCommand.class},
        description = {"Run a study: every combination of plans, heaps, traces or workloads, GC threads and "
                + "repetitions in FILE.yaml (see docs/studies.md), each task as 'jmmtk run --json' in its own JVM, "
                + "one JSON result per task in the output directory. Tasks whose result exists are skipped, so a "
                + "killed study is simply run again. Without --task or --shard the shard comes from a Slurm job "
                + "array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_COUNT) or, with --shards, "
                + "a Kubernetes Indexed Job (JOB_COMPLETION_INDEX); otherwise every task runs here.",
                "Exit 0 when every selected task has a result (out-of-memory is a result), 1 if a task failed, 2 for bad input."})
public final class StudyCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE.yaml", description = "The study (docs/studies.md).")
    Path file;

    @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR",
            description = "Where the results go, created if missing (default: FILE's name without .yaml, plus -results, "
                    + "in the current directory).")
    Path outDir;

    @Option(names = "--list", description = "Print the tasks, one line each (index, a tab, name), and run nothing; "
            + "with --task or --shard only those.")
    boolean list;

    @Option(names = "--task", paramLabel = "I", description = "Run only task I (from 0; see --list).")
    Integer task;

    @Option(names = "--shard", paramLabel = "K/N", description = "Run every N-th task starting at task K (0 <= K < N).")
    String shard;

    @Option(names = "--shards", paramLabel = "N",
            description = "Run shard JOB_COMPLETION_INDEX of N (a Kubernetes Indexed Job with N completions).")
    Integer shards;

    @Option(names = "--jobs", paramLabel = "J", defaultValue = "1",
            description = "Tasks run at once, each in its own JVM (default: ${DEFAULT-VALUE}; more make times noisier).")
    int jobs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (file == null) {
            throw new UsageException("give a study FILE.yaml, or 'study merge' or 'study plot'; see 'jmmtk study --help'");
        }
        if (jobs < 1 || jobs > 1024) {
            throw new UsageException("--jobs must be from 1 to 1024, got " + jobs);
        }
        StudyConfig config = StudyConfigReader.read(file);
        List<Task> all = Matrix.tasks(config);
        boolean explicit = task != null || shard != null;
        Selection selection = list && !explicit ? Selection.ALL : Selection.choose(task, shard, shards, System.getenv());
        List<Task> selected = selection.select(all);
        PrintWriter out = spec.commandLine().getOut();
        if (list) {
            for (Task t : selected) {
                out.println(t.index() + "\t" + t.name());
            }
            out.flush();
            return ExitCodes.OK;
        }
        Path dir = outDir != null ? outDir : Path.of(stem(file) + "-results");
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            throw new UsageException(dir + " exists and is not a directory (--out-dir takes a directory)");
        }
        ChildJvm jvm = ChildJvm.ofThisJvm();
        DerivedTraces traces = new DerivedTraces(dir);
        StudyRunner runner = new StudyRunner(dir, jobs, new TaskExecutor(jvm, traces));
        List<Task> todo = runner.toRun(selected);
        long start = System.nanoTime();
        // every heap is checked before the directory is touched, so bad input leaves nothing behind
        Map<Task, HeapResolver.Heap> sized = StudyRunner.heaps(todo, new HeapResolver(new ConfigErrors(file)));
        OutputDirectory.create(dir, "--out-dir");
        StudyManifest.write(dir, config, all);
        PrintWriter err = spec.commandLine().getErr();
        StudyRunner.Summary summary;
        err.printf(Locale.ROOT, "study: %s has %d tasks; selected (%s): %d, of which %d have results; running %d, "
                        + "%d at a time, into %s%n", file, all.size(), selection.source(), selected.size(),
                selected.size() - todo.size(), todo.size(), Math.min(jobs, Math.max(1, todo.size())), dir);
        err.flush();
        traces.prepare(todo, jvm, err);
        try (StudyLog log = new StudyLog(err, todo.size(), !Progress.onTerminal())) {
            summary = runner.run(selected, sized, log);
        }
        out.printf(Locale.ROOT, "study %s: %d of %d tasks (%s) in %s: %d skipped (results exist), %d ok, "
                        + "%d out of memory, %d failed; %.1f s%n", file.getFileName(), summary.selected(), all.size(),
                selection.source(), dir, summary.skipped(), summary.ok(), summary.oom(), summary.failed().size(),
                (System.nanoTime() - start) / 1e9);
        out.flush();
        if (summary.ok() + summary.oom() > 0) {
            MachineLoad.now().warn(err);
        }
        if (!summary.failed().isEmpty()) {
            StringBuilder names = new StringBuilder();
            for (TaskResult r : summary.failed()) {
                names.append(names.length() == 0 ? "" : ", ").append(r.task().index()).append(' ').append(r.task().name());
                if (names.length() > 600) {
                    names.append(", ...");
                    break;
                }
            }
            err.println("jmmtk: " + summary.failed().size() + " task" + (summary.failed().size() == 1 ? "" : "s")
                    + " failed (their result files hold the messages; run the study again to retry them): " + names);
            err.flush();
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }

    /** The file name without {@code .yaml} or {@code .yml}. */
    static String stem(Path file) {
        String name = file.getFileName() == null ? "study" : file.getFileName().toString();
        return name.replaceFirst("\\.(yaml|yml)$", "");
    }
}
