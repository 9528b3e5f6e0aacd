package org.jmmtk.tools.study;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.error.RunFailedException;

/**
 * The traces a granularity study derives from its programs, in the study directory's {@code traces/}:
 * a workload written out as a trace ({@code NAME.source.jmtb}), each program's perfect trace
 * ({@code NAME.perfect.jmtb}, Merlin's deaths) and its granulated traces ({@code NAME.g4k.jmtb}). Each is
 * made by a jmmtk command in a child JVM ({@code trace gen}, {@code lifetimes}, {@code granulate}), which
 * writes it under a temporary name and renames it when complete, so a file that exists is whole and is
 * not made again, and shards of a cluster job may make the same file at once. Used on the command's
 * thread, before the tasks run.
 */
final class DerivedTraces {
    /** Merlin's heap for the perfect trace: its deaths do not depend on it, only whether the run completes. */
    static final String MERLIN_HEAP_FACTOR = "4";

    private final Path dir;

    DerivedTraces(Path studyDir) {
        this.dir = studyDir.resolve("traces").toAbsolutePath().normalize();
    }

    /** The trace {@code task} replays (its variant's), or null if it replays its program as given. */
    Path trace(Task task) {
        Variant v = task.variant();
        if (v == null) {
            return null;
        }
        return v.perfect() ? perfect(task.program()) : granulated(task.program(), v.granule());
    }

    Path perfect(ProgramSpec program) {
        return dir.resolve(program.name() + ".perfect.jmtb");
    }

    Path granulated(ProgramSpec program, long granule) {
        return dir.resolve(program.name() + ".g" + Names.size(granule) + ".jmtb");
    }

    private Path source(ProgramSpec program) {
        return program.isTrace() ? program.trace() : dir.resolve(program.name() + ".source.jmtb");
    }

    /**
     * Makes every trace the tasks of {@code todo} replay that is not there yet, in the order the tasks
     * need them; a command that fails fails the study (exit 1) with what it said.
     */
    void prepare(List<Task> todo, ChildJvm jvm, PrintWriter log) throws IOException, InterruptedException {
        Set<Path> needed = new LinkedHashSet<>();
        for (Task t : todo) {
            Path trace = trace(t);
            if (trace != null && needed.add(trace)) {
                for (List<String> step : steps(t.program(), t.variant())) {
                    run(jvm, step, log);
                }
            }
        }
    }

    /** The commands that make the variant's trace of {@code program}, skipping the files that exist. */
    private List<List<String>> steps(ProgramSpec program, Variant variant) throws IOException {
        List<List<String>> steps = new ArrayList<>();
        Path perfect = perfect(program);
        if (!Files.isRegularFile(perfect)) {
            Files.createDirectories(dir);
            Path source = source(program);
            if (!program.isTrace() && !Files.isRegularFile(source)) {
                steps.add(List.of("trace", "gen", program.workload(), "--seed", Long.toString(program.seed()), "--scale",
                        HeapFactorOption.plain(program.scale()), "--binary", "-o", source.toString()));
            }
            steps.add(List.of("lifetimes", source.toString(), "--method", "merlin", "--plan", "semispace",
                    "--heap-factor", MERLIN_HEAP_FACTOR, "--binary", "-o", perfect.toString()));
        }
        if (!variant.perfect()) {
            Path granulated = granulated(program, variant.granule());
            if (!Files.isRegularFile(granulated)) {
                steps.add(List.of("granulate", perfect.toString(), "--granule", Long.toString(variant.granule()),
                        "--binary", "-o", granulated.toString()));
            }
        }
        return steps;
    }

    private static void run(ChildJvm jvm, List<String> args, PrintWriter log) throws IOException, InterruptedException {
        ChildJvm.Exit exit = jvm.run(args);
        if (exit.code() != 0) {
            throw new RunFailedException("study: 'jmmtk " + String.join(" ", args) + "' failed (exit " + exit.code()
                    + "): " + exit.err().strip().replace("jmmtk: ", ""));
        }
        String said = exit.out().strip();
        log.printf(Locale.ROOT, "study: made %s in %.1f s%s%n", args.get(args.size() - 1), exit.seconds(),
                said.isEmpty() ? "" : " (" + said + ")");
        log.flush();
    }
}
