package org.jmmtk.tools.validate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.serial.Serial;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.output.OutputDirectory;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.record.ProgramEnvironment;
import org.jmmtk.tools.record.RecordCommand;
import org.jmmtk.tools.output.TemporaryFolder;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.record.StartupProbe;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk validate}: runs a Java program under HotSpot's Serial collector ({@code --repeat} times),
 * records it with {@code jmmtk record} ({@link ProgramRecorder}: the very command, run in-process; in about
 * HotSpot's heap, so that what the program does in reaction to its collections is what it did there),
 * replays the recording on
 * jmmtk's serial plan with the same heap geometry, and prints what each collector did side by side.
 * Nothing is written unless every step succeeded; the recording and the GC logs live in a temporary
 * folder deleted afterwards. Used by the command-line thread.
 */
@Command(name = "validate", sortOptions = false, description = {
        "Run a Java program under HotSpot's Serial GC, record it, replay it on jmmtk's serial plan with the same "
                + "heap, and compare the two collectors: GC counts, promoted and survivor bytes, tenured bytes at the "
                + "end, each with its error (docs/validation.md).",
        "Usage: jmmtk validate [options] -- java [JVM options] MAIN|-jar JAR [args]"})
public final class ValidateCommand implements Callable<Integer> {
    /** The plan the recording is replayed on: jmmtk's model of HotSpot's Serial GC. */
    static final String PLAN = "serial";

    /** JVM options validate sets itself, refused in the program's command line. */
    private static final List<String> OWN_OPTIONS = List.of("-Xmx", "-Xms", "-Xmn", "-XX:NewSize", "-XX:MaxNewSize",
            "-XX:SurvivorRatio", "-XX:MaxTenuringThreshold", "-XX:InitialTenuringThreshold", "-XX:NewRatio",
            "-XX:+UseSerialGC", "-XX:+UseG1GC", "-XX:+UseParallelGC", "-XX:+UseZGC", "-XX:+UseShenandoahGC",
            "-XX:+UseEpsilonGC", "-XX:+UseCompressedOops", "-XX:-UseCompressedOops", "-XX:+UseCompressedClassPointers",
            "-XX:-UseCompressedClassPointers", "-XX:+DoEscapeAnalysis", "-XX:-DoEscapeAnalysis", "-Xlog:gc", "-javaagent",
            "-agentlib:instrument");

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "64m",
            description = "Heap size, as -Xms and -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--nursery", paramLabel = "SIZE",
            description = "Young generation size, as -Xmn: eden and two survivor spaces (default: a third of the heap, "
                    + "HotSpot's NewRatio=2).")
    String nursery;

    @Option(names = "--survivor-ratio", paramLabel = "N", defaultValue = "8",
            description = "Eden over one survivor space, as -XX:SurvivorRatio (default: ${DEFAULT-VALUE}).")
    int survivorRatio;

    @Option(names = "--max-tenuring-threshold", paramLabel = "N", defaultValue = "15",
            description = "Promote objects that survived N young collections, 0 to 15, as -XX:MaxTenuringThreshold "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxTenuringThreshold;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "1",
            description = "Run the program under HotSpot R times and compare with the median (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--escape-analysis",
            description = "Keep HotSpot's escape analysis on (off by default: the recorder defeats it, so without it "
                    + "both collectors see the same allocations).")
    boolean escapeAnalysis;

    @Option(names = "--recording", paramLabel = "TRACE",
            description = "Replay this recording of the program (made by jmmtk record with -XX:-UseCompressedOops "
                    + "-XX:-UseCompressedClassPointers) instead of recording it again; no slowdown is reported.")
    Path recording;

    @Option(names = "--json", description = "Print the comparison as one JSON object (fields: docs/validation.md).")
    boolean json;

    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "Also write validation.json and the plot of promoted bytes per young GC (promoted-per-gc.png "
                    + "and .svg) into DIR, created if missing.")
    Path outDir;

    @Parameters(paramLabel = "COMMAND", arity = "0..*",
            description = "After --: java [JVM options] MAIN|-jar JAR [args]. 'java' means the JVM jmmtk runs on.")
    List<String> command = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Geometry geometry = geometry();
        if (repeat < 1) {
            throw new UsageException("--repeat must be at least 1");
        }
        List<String> java = program();
        if (recording != null && !Files.isRegularFile(recording)) {
            throw new UsageException("validate: --recording " + recording + ": no such file");
        }
        Path dir = outDir;
        if (dir != null) {
            OutputDirectory.create(dir, "--out-dir");
        }
        Plans.Entry plan = Plans.REGISTRY.find(PLAN).orElseThrow(() -> new UsageException("validate: no plan " + PLAN));
        PrintWriter err = spec.commandLine().getErr();
        Path work = Files.createTempDirectory("jmmtk-validate-");
        StandardInput input = StandardInput.ofProcess();
        if (!input.rewindable() && System.console() == null) {
            err.println("validate: standard input cannot be rewound (a pipe or a terminal): a program that reads it "
                    + "reads it in its first run only; give it a file (< FILE) so that every run reads the same input");
        }
        try {
            List<Collector> runs = new ArrayList<>();
            List<HotSpotRun> hotSpotRuns = new ArrayList<>();
            for (int i = 1; i <= repeat; i++) {
                err.printf(Locale.ROOT, "validate: HotSpot run %d of %d%n", i, repeat);
                err.flush();
                input.rewind();
                hotSpotRuns.add(HotSpotRun.run(java, geometry, work.resolve("gc-" + i + ".log"), err));
                runs.add(Collector.of(hotSpotRuns.get(i - 1)));
            }
            Path trace = recording;
            long recordWall = -1;
            double coverage = Double.NaN;
            if (trace == null) {
                trace = work.resolve("program.trace");
                long start = System.nanoTime();
                ForcedCollections forced = forcedCollections(java, hotSpotRuns.get(Comparison.medianIndex(runs)), work, err);
                ProgramRecorder.Recording recorded = recorder(work, input, err).record(trace, command, geometry, forced);
                recordWall = System.nanoTime() - start;
                if (recorded.status() != ExitCodes.OK) {
                    return recorded.status();
                }
                coverage = recorded.coverage();
            }
            RunResult result = Simulation.run(plan, replayOptions(geometry), TraceFormat.open(trace));
            if (result.isOutOfMemory()) {
                throw new UsageException("validate: the replay on " + PLAN + " ran out of memory in the heap HotSpot "
                        + "ran the program in: " + result.outOfMemory());
            }
            Comparison c = Comparison.of(runs, Collector.of(result), coverage, recordWall);
            write(String.join(" ", command), geometry, c, dir);
            return ExitCodes.OK;
        } finally {
            TemporaryFolder.delete(work);
        }
    }

    /**
     * The full collections to force in the recorded JVM: those of HotSpot's {@code median} run (by promoted
     * bytes), as points of the program's allocation less the JVM's start-up allocation, which {@code record}'s
     * start-up probe measures the same way; null when the run had none (not counting the program's own
     * {@code System.gc()}) or the start-up allocation cannot be measured (said on {@code err}).
     */
    private ForcedCollections forcedCollections(List<String> java, HotSpotRun median, Path work, PrintWriter err)
            throws IOException, InterruptedException {
        if (!ForcedCollections.of(median.log(), 0).any()) {
            return null;
        }
        java.util.Optional<org.jmmtk.tools.record.RecordedTrace.StartupHeap> startup = StartupProbe.measure(
                java.get(0), RecordCommand.probeOptions(command, false), Files.createDirectory(work.resolve("startup")));
        if (startup.isEmpty() || !startup.get().measured()) {
            err.println("validate: the JVM's start-up allocation could not be measured; recording without full "
                    + "collections at HotSpot's points");
            return null;
        }
        return ForcedCollections.of(median.log(), startup.get().allocated());
    }

    /** The replay's options: the same heap, young generation, survivor ratio and tenuring threshold. */
    static Options replayOptions(Geometry g) {
        return new Options().heapBytes(g.heapBytes()).planOption(Serial.YOUNG_BYTES, g.youngBytes())
                .planOption(Serial.SURVIVOR_RATIO, g.survivorRatio())
                .planOption(Serial.MAX_TENURING_THRESHOLD, g.maxTenuringThreshold());
    }

    private void write(String program, Geometry g, Comparison c, Path dir) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ValidationReport.json(program, g, PLAN, c, out);
        } else {
            ValidationReport.table(program, g, PLAN, c, out);
        }
        if (dir != null) {
            StringWriter text = new StringWriter();
            ValidationReport.json(program, g, PLAN, c, text);
            List<Path> plots = ValidationReport.plot(c, dir);
            OutputFile.write(dir.resolve("validation.json"), o -> o.write(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            PrintWriter err = spec.commandLine().getErr();
            err.println("validate: wrote " + plots.get(0) + ", " + plots.get(1) + " and " + dir.resolve("validation.json"));
            err.flush();
        }
    }

    /** Records the program through {@code jmmtk record}, its sibling command. */
    private ProgramRecorder recorder(Path work, StandardInput input, PrintWriter err) {
        CommandLine record = spec.root().subcommands().get("record");
        if (record == null) {
            throw new IllegalStateException("no record command");
        }
        return new ProgramRecorder(record, work, input, spec.commandLine().getOut(), err);
    }

    private Geometry geometry() {
        long heapBytes = size("--heap", heap);
        long young = nursery != null ? size("--nursery", nursery) : heapBytes / 3 / Geometry.ALIGNMENT * Geometry.ALIGNMENT;
        return new Geometry(heapBytes, young, survivorRatio, maxTenuringThreshold, escapeAnalysis);
    }

    private static long size(String option, String text) {
        try {
            return Options.parseSize(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    /** The program's command line with its launcher resolved; refuses JVM options validate sets itself. */
    private List<String> program() {
        if (command.isEmpty()) {
            throw new UsageException("validate: no program given; put it after --, e.g. "
                    + "jmmtk validate --heap 64m --nursery 8m -- java -cp app.jar com.example.Main");
        }
        List<String> java = new ArrayList<>(command);
        java.set(0, RecordCommand.javaLauncher("validate", command.get(0)));
        refuseOwnOptions(command, ProgramEnvironment.current());
        return java;
    }

    /**
     * Refuses the JVM options validate sets itself in the program's command line and in the JVM's option
     * variables of its environment {@code environment} (which reach HotSpot's runs too).
     */
    static void refuseOwnOptions(List<String> command, Map<String, String> environment) {
        for (String o : StartupProbe.jvmOptions(command)) {
            refuseOwn(o, "JVM option " + o);
        }
        for (String variable : ProgramEnvironment.OPTION_VARIABLES) {
            for (String o : ProgramEnvironment.options(environment, variable)) {
                refuseOwn(o, "JVM option " + o + " (in " + variable + ")");
            }
        }
    }

    private static void refuseOwn(String option, String what) {
        for (String own : OWN_OPTIONS) {
            if (option.startsWith(own)) {
                throw new UsageException("validate: the program's " + what + " is one validate sets itself "
                        + "(heap, young generation, collector, oops, escape analysis, GC log, agent); drop it");
            }
        }
    }
}
