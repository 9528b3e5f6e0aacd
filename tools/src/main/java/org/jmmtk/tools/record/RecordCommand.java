package org.jmmtk.tools.record;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.IoErrors;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.TemporaryFolder;
import org.jmmtk.tools.trace.TraceCommand;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.regex.Pattern;
import org.jmmtk.agent.rt.CollectionPoints;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.agent.rt.JitOptions;
import org.jmmtk.agent.rt.Recorder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk record}: runs a Java program under the recording agent and writes what it did to its
 * heap as a jmmtk trace. The agent jar comes from the cache folder ({@link AgentJar#prepare}) or is
 * assembled into a temporary folder, which also holds the agent's event log; the folder is deleted
 * afterwards. The trace is written only when the program exited
 * with status 0 and the agent closed its log, and is checked as a replay would check it. {@code validate}
 * runs this command in-process and reads {@link #coverage()} afterwards.
 */
@Command(name = "record", description = {
        "Run a Java program with the recording agent and write its allocations, reference stores and "
                + "roots as a jmmtk trace (see docs/recording.md for what is and is not seen).",
        "Usage: jmmtk record -o OUT [--include PREFIX]... [--exclude PREFIX]... -- java [JVM options] MAIN|-jar JAR [args]"})
public final class RecordCommand implements Callable<Integer> {
    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9_$.]+");
    /** The object layout jmmtk simulates: 16-byte headers, 8-byte references. */
    public static final List<String> UNCOMPRESSED = List.of("-XX:-UseCompressedOops", "-XX:-UseCompressedClassPointers");
    /**
     * The collector the recorded JVM runs when the program's options name none. The trace does not depend
     * on it (events are the program's; the start-up heap is measured by the probe with the program's own
     * options), and Parallel's card-marking barrier is the cheapest for the recorder's id table, which stores a
     * young weak reference per object into old arrays: under G1 (the JVM's default on two or more cores)
     * that store costs concurrent refinement and remembered-set work (see docs/recording.md).
     */
    static final String COLLECTOR = "-XX:+UseParallelGC";
    /** The options that choose (or turn off) a collector. */
    private static final Pattern NAMES_COLLECTOR = Pattern.compile(
            "-XX:[+-]Use(Serial|Parallel|ParallelOld|G1|Z|Shenandoah|Epsilon|ConcMarkSweep)GC");
    /** Coverage below which record warns. */
    static final double MIN_COVERAGE = 0.98;

    @Mixin
    TraceCommand.Output output;

    @Option(names = "--include", paramLabel = "PREFIX",
            description = "Also instrument classes whose names start with PREFIX (e.g. java.util.); repeatable.")
    List<String> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "PREFIX",
            description = "Do not instrument classes whose names start with PREFIX; repeatable.")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--compressed-oops",
            description = "Run the program with the JVM's compressed oops and class pointers (default: off, "
                    + "so that sizes are those of the layout jmmtk simulates: 16-byte headers, 8-byte references).")
    boolean compressedOops;

    @Option(names = "--no-startup-heap",
            description = "Do not start the trace with the JVM's start-up heap (the bytes the JVM allocated before the "
                    + "program's main, of which the live part stays reachable), nor model java.lang.invoke's structures "
                    + "from the first links (see docs/recording.md).")
    boolean noStartupHeap;

    @Option(names = "--no-class-cache",
            description = "Instrument every class afresh instead of reusing the classes an earlier recording instrumented "
                    + "(kept in ~/.cache/jmmtk/record-classes, or $JMMTK_CACHE_DIR; see docs/recording.md).")
    boolean noClassCache;

    @Option(names = "--after-exit",
            description = "Read the agent's log only after the program exits, instead of reading it and finding each "
                    + "object's visible death while the program runs (the same trace; see docs/recording.md).")
    boolean afterExit;

    @Option(names = "--collect-at", paramLabel = "BYTES[,BYTES...]",
            description = "Force a full collection of the recorded JVM (not recorded as the program's) when the program's "
                    + "threads together have recorded BYTES of allocation, for each BYTES (increasing): a reference run's "
                    + "full collections, so that what the program's weak references see is what they saw there "
                    + "(validate passes its HotSpot run's; see docs/recording.md).")
    String collectAt;

    @Parameters(paramLabel = "COMMAND", arity = "0..*",
            description = "After --: java [JVM options] MAIN|-jar JAR [args]. 'java' means the JVM jmmtk runs on.")
    List<String> command = new ArrayList<>();

    @Spec
    CommandSpec spec;

    private RecordedTrace.Coverage coverage;
    private boolean outOfMemory;
    /** Where the program's standard output and error go; null: jmmtk's own. */
    private Path programOut;
    private Path programErr;

    /**
     * Sends the program's standard output and error to these files instead of jmmtk's own, in the
     * recordings this command makes from now on (its input stays jmmtk's): {@code validate} shows only
     * the output of the recording it keeps.
     */
    public void programOutput(Path out, Path err) {
        programOut = out;
        programErr = err;
    }

    /** The coverage of the last recording this command wrote; empty before one, or when the JVM did not count bytes. */
    public OptionalDouble coverage() {
        return coverage == null || !coverage.counted() ? OptionalDouble.empty()
                : OptionalDouble.of(coverage.coverage());
    }

    /** Whether the last recording this command made failed because the recorded JVM ran out of memory. */
    public boolean ranOutOfMemory() {
        return outOfMemory;
    }

    /**
     * Whether the program's own JVM options (its command line and the JVM's option variables in {@code
     * environment}) choose its collector or size its heap: then record adds neither, and a caller that
     * would give the recorded JVM a heap of its own should not either.
     */
    public static boolean choosesHeap(List<String> command, java.util.Map<String, String> environment) {
        List<String> options = programOptions(command, environment);
        return namesCollector(options) || RecordingHeap.sizesHeap(options);
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        outOfMemory = false;
        if (command.isEmpty()) {
            throw new UsageException("record: no program given; put it after --, e.g. "
                    + "jmmtk record -o app.trace.gz -- java -cp app.jar com.example.Main");
        }
        List<String> java = new ArrayList<>(command);
        java.set(0, javaLauncher("record", command.get(0)));
        String agentOptions = "include=" + prefixes(include, "--include") + ";exclude=" + prefixes(exclude, "--exclude");
        String points = collectionPoints(collectAt);
        OutputFile.check(output.file());
        Path work = Files.createTempDirectory("jmmtk-record-");
        Thread cleanup = new Thread(() -> TemporaryFolder.delete(work), "jmmtk-record-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        FirstPassAside early = null;
        EventsDeletion deletion = null;
        try {
            AgentJar.Agent prepared = AgentJar.prepare(work.resolve("jmmtk-agent.jar"));
            Path agent = prepared.jar();
            String cache = noClassCache ? "" : AgentJar.cacheFolder(prepared.digest(), agentOptions);
            Path log = Files.createDirectory(work.resolve("log"));
            List<String> programOptions = programOptions(command, ProgramEnvironment.current());
            java.addAll(1, AgentOption.of(agent + "=dir=" + log + ";" + agentOptions + ";cache=" + cache
                    + (points.isEmpty() ? "" : ";collectAt=" + points), command, programOptions));
            java.add(1, RecordedOutOfMemory.jvmOption(log));
            java.addAll(1, JitOptions.options());
            if (!compressedOops) {
                java.addAll(1, UNCOMPRESSED);
            }
            boolean defaultCollector = !namesCollector(programOptions);
            List<String> heap = defaultCollector && !RecordingHeap.sizesHeap(programOptions)
                    ? RecordingHeap.options(physicalMemory()) : List.of();
            java.addAll(1, heap);
            if (defaultCollector) {
                java.add(1, COLLECTOR);
            }
            // the probe is a JVM of its own: on a second core it costs the recording no wall time
            FutureTask<Optional<RecordedTrace.StartupHeap>> probe = new FutureTask<>(() -> probe(java.get(0), work));
            Thread probing = new Thread(probe, "jmmtk-startup-probe");
            if (!noStartupHeap) {
                probing.start();
            }
            int status;
            try {
                Process program = start(java, programOut, programErr);
                early = afterExit ? null : new FirstPassAside(log, program);
                status = waitFor(program);
            } finally {
                if (!noStartupHeap) {
                    probing.join();
                }
            }
            List<String> heapOptions = new ArrayList<>(heap);
            heapOptions.addAll(programOptions);
            try {
                RecordedOutOfMemory.check(log, status, heapOptions);
            } catch (UsageException e) {
                outOfMemory = true;
                throw e;
            }
            if (status != 0) {
                throw new UsageException("record: the program exited with status " + status
                        + "; no trace written (a failed run's trace would stop in the middle of its work)");
            }
            RecordedTrace.StartupHeap startup = noStartupHeap ? null : startupHeap(probed(probe), log);
            RecordedTrace trace = new RecordedTrace(log, String.join(" ", command),
                    startup != null && startup.measured() ? startup : null);
            FirstPass.Done first = early == null ? null : early.result();
            if (first != null) {
                trace.adopt(first);
            }
            deletion = new EventsDeletion(log.resolve(EventLog.EVENTS));
            trace.whenLogRead(deletion);
            output.writeCheckedAside(trace, "writing " + output.file());
            coverage = trace.coverage();
            summary(trace, coverage, startup, defaultCollector, heap);
            return ExitCodes.OK;
        } finally {
            if (early != null) {
                early.cancel(); // before the log is deleted under it (a failed program, a bad log)
            }
            if (deletion != null) {
                deletion.join();
            }
            TemporaryFolder.delete(work);
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
    }

    /** {@code --collect-at}'s points as the agent takes them (empty: none); a usage error naming the option. */
    static String collectionPoints(String option) {
        if (option == null) {
            return "";
        }
        try {
            long[] points = CollectionPoints.parse(option);
            return java.util.Arrays.stream(points).mapToObj(Long::toString).collect(java.util.stream.Collectors.joining(","));
        } catch (IllegalArgumentException e) {
            throw new UsageException("record: --collect-at " + option + ": " + e.getMessage());
        }
    }

    /**
     * The start-up heap as {@link StartupProbe} measures it on a JVM without the agent, with the
     * program's JVM options (and the layout flags record adds; not the collector it adds, so that the
     * measurement is of the JVM the program asked for) but not its class path, and the first links'
     * structures as {@link LinkProbe} measures them with the same; empty when the start-up heap cannot
     * be measured, without the first links when they cannot.
     */
    private Optional<RecordedTrace.StartupHeap> probe(String launcher, Path work) throws IOException, InterruptedException {
        List<String> options = probeOptions(command, compressedOops);
        Optional<RecordedTrace.StartupHeap> heap = StartupProbe.measure(launcher, options, work);
        if (heap.isEmpty()) {
            return heap;
        }
        List<String> programOptions = programOptions(command, ProgramEnvironment.current());
        java.util.OptionalLong links = LinkProbe.measure(launcher, options,
                jar -> AgentOption.of(jar.toString(), command, programOptions), work);
        return Optional.of(heap.get().withLinks(links.orElse(0)));
    }

    /** The JVM options the start-up probe runs with for the program {@code command} (see {@link #probe}). */
    public static List<String> probeOptions(List<String> command, boolean compressedOops) {
        List<String> options = new ArrayList<>(compressedOops ? List.of() : UNCOMPRESSED);
        options.addAll(StartupProbe.jvmOptions(command));
        return options;
    }

    /** What the probe (run to its end) measured, or its failure. */
    private static Optional<RecordedTrace.StartupHeap> probed(FutureTask<Optional<RecordedTrace.StartupHeap>> probe)
            throws IOException, InterruptedException {
        try {
            return probe.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The probe's start-up heap; what the agent measured in premain, with a warning, when the probe could not. */
    private RecordedTrace.StartupHeap startupHeap(Optional<RecordedTrace.StartupHeap> probed, Path log) throws IOException {
        if (probed.isPresent()) {
            return probed.get();
        }
        spec.commandLine().getErr().println("record: warning: the start-up probe could not measure the JVM's start-up "
                + "heap; using the agent's own measurement, which includes loading the agent");
        return RecordedTrace.agentStartupHeap(log);
    }

    /**
     * The java launcher a program's command line names: {@code java} is the JVM jmmtk runs on; a path must end in
     * {@code java}. {@code command} names the jmmtk command in the error.
     */
    public static String javaLauncher(String command, String given) {
        if (given.equals("java")) {
            return Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
        String name = Path.of(given).getFileName() == null ? "" : Path.of(given).getFileName().toString();
        if (!name.equals("java") && !name.equals("java.exe")) {
            throw new UsageException(command + ": '" + given + "' is not java; " + command + " runs a Java program: "
                    + "-- java [JVM options] MAIN|-jar JAR [args]");
        }
        return given;
    }

    /** The program's JVM options and those of the environment variables the JVM also reads options from. */
    static List<String> programOptions(List<String> command, java.util.Map<String, String> environment) {
        List<String> options = new ArrayList<>(StartupProbe.jvmOptions(command));
        for (String variable : ProgramEnvironment.OPTION_VARIABLES) {
            options.addAll(ProgramEnvironment.options(environment, variable));
        }
        return options;
    }

    /** Whether the program's JVM options ({@link #programOptions}) choose a collector (record then adds none: two would be refused by the JVM). */
    static boolean namesCollector(List<String> options) {
        for (String o : options) {
            if (NAMES_COLLECTOR.matcher(o).matches()) {
                return true;
            }
        }
        return false;
    }

    private static String prefixes(List<String> list, String option) {
        for (String p : list) {
            if (!PREFIX.matcher(p).matches()) {
                throw new UsageException("record: " + option + " '" + p + "' is not a class-name prefix "
                        + "(letters, digits, '_', '$' and '.')");
            }
        }
        return String.join(",", list);
    }

    private static Process start(List<String> java, Path out, Path err) {
        ProcessBuilder builder = ProgramEnvironment.applyTo(new ProcessBuilder(java)).inheritIO();
        if (out != null) {
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        }
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UsageException("record: cannot run " + java.get(0) + ": " + IoErrors.reason(e));
        }
    }

    /**
     * Waits for the program; if {@code record} itself is ended meanwhile (Ctrl-C, {@code kill}, a timeout),
     * the program and what it started (a {@code java} wrapper's JVM) end with it instead of running on.
     */
    private static int waitFor(Process p) throws InterruptedException {
        Thread orphans = new Thread(() -> destroy(p), "jmmtk-record-program-end");
        Runtime.getRuntime().addShutdownHook(orphans);
        try {
            return p.waitFor();
        } finally {
            destroy(p);
            try {
                Runtime.getRuntime().removeShutdownHook(orphans);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    private static void destroy(Process p) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
    }

    /**
     * The first pass ({@link FirstPass}, with the visible-death pass) on a thread of its own, following the
     * agent's log while the program runs ({@link LogFollower}), so that on a machine with a core to spare
     * only what the program wrote last is left to read when it exits. Its result is only ever the one the
     * finished log gives: any failure (the log overtook the follower, or is bad) leaves the pass to
     * {@link RecordedTrace#replay}, which reads the finished log and reports what is wrong with it.
     */
    private static final class FirstPassAside {
        private final FutureTask<FirstPass.Done> pass;
        private final Thread thread;
        private volatile boolean stop;

        FirstPassAside(Path log, Process program) {
            LogFollower follower = new LogFollower(log, () -> !program.isAlive(), () -> stop);
            pass = new FutureTask<>(() -> FirstPass.follow(follower, log, false));
            thread = new Thread(pass, "jmmtk-first-pass");
            thread.setDaemon(true);
            thread.start();
        }

        /** Stops following, if it still does, and waits for the thread (at its next look at the file). */
        void cancel() throws InterruptedException {
            stop = true;
            thread.join();
        }

        /** The first pass once the log is read to its end; null when it failed (the replay reads the log itself). */
        FirstPass.Done result() throws InterruptedException {
            try {
                return pass.get();
            } catch (ExecutionException e) {
                return null;
            }
        }
    }

    /**
     * Deletes the agent's events file (0.6-1.6 GB) on a thread of its own once the second pass has read it,
     * so that the kernel frees its pages beside the check's and the writer's last batches and the summary
     * rather than after them; {@link #join} before the log's folder is deleted. Best effort, as
     * {@link TemporaryFolder}.
     */
    private static final class EventsDeletion implements Runnable {
        private final Path events;
        private volatile Thread thread;

        EventsDeletion(Path events) {
            this.events = events;
        }

        /** Starts the deletion (on the thread that read the log). */
        @Override
        public void run() {
            Thread t = new Thread(() -> {
                try {
                    Files.deleteIfExists(events);
                } catch (IOException e) {
                    // best effort: the folder's deletion tries again
                }
            }, "jmmtk-record-log-deletion");
            t.start();
            thread = t;
        }

        /** Waits for the deletion, if it started. */
        void join() throws InterruptedException {
            Thread t = thread;
            if (t != null) {
                t.join();
            }
        }
    }

    /** This machine's memory as the JVM sees it (a container's limit included). */
    public static long physicalMemory() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }

    private void summary(RecordedTrace trace, RecordedTrace.Coverage cov, RecordedTrace.StartupHeap startup,
                         boolean defaultCollector, List<String> heap) {
        PrintWriter err = spec.commandLine().getErr();
        RecordedTrace.Counts c = trace.counts();
        boolean linksModelled = trace.linksModelled();
        err.printf(Locale.ROOT, "record: %s: %,d objects, %,d reference stores, %,d root stores, %,d static stores, "
                        + "%,d collection requests, %d threads; %,d objects (%,d bytes) pinned from their death in the visible graph to their last use%n",
                output.file(), c.objects(), c.writes(), c.rootStores(), c.staticStores(), c.collections(), c.threads(), c.pinned(),
                c.pinnedBytes());
        err.printf(Locale.ROOT, "record: sizes as HotSpot lays objects out %s%n", compressedOops
                ? "with compressed oops and class pointers (12-byte headers, 4-byte references; jmmtk's object model has 16 and 8)"
                : "without compressed oops (-XX:-UseCompressedOops -XX:-UseCompressedClassPointers: 16-byte headers, 8-byte references)");
        if (defaultCollector) {
            err.printf(Locale.ROOT, "record: the recorded JVM ran with %s (no collector named; the trace does not depend "
                    + "on the recording JVM's collector, and Parallel's barrier costs the recorder least)%s%n", COLLECTOR,
                    heap.isEmpty() ? "" : "; its heap: " + String.join(" ", heap) + " (no heap size named)");
        }
        if (startup != null && startup.measured()) {
            err.printf(Locale.ROOT, "record: start-up heap: %,d bytes allocated before main, %,d live, "
                            + "modelled as %s objects%n", startup.allocated(), startup.modelledLive(), RecordedTrace.StartupHeap.TYPE);
            if (startup.modelledLinks() == 0) {
                err.println("record: java.lang.invoke's structures from the first links could not be measured; not modelled");
            } else {
                err.printf(Locale.ROOT, "record: java.lang.invoke's structures from the first links, which the recorded JVM "
                        + "made before main: %,d bytes a JVM without an agent keeps, %s%n", startup.modelledLinks(), linksModelled
                        ? "modelled as " + RecordedTrace.StartupHeap.LINKS + " objects at the program's first java.lang.invoke object"
                        : "not modelled: the program made no java.lang.invoke object");
            }
        } else if (startup != null) {
            err.println("record: warning: the JVM's start-up heap could not be measured (no allocation counting, or "
                    + "-XX:+DisableExplicitGC); the trace starts without it");
        }
        if (trace.mirrorsHeld() > 0) {
            err.printf(Locale.ROOT, "record: %,d class mirrors (java.lang.Class objects, which the JVM makes) and %,d classes' "
                    + "resolved references (%s) held to the end from the class's definition or where the program first "
                    + "touched them%n", trace.mirrorsHeld(), trace.resolvedReferencesHeld(), Recorder.RESOLVED_REFERENCES);
        }
        if (cov.counted()) {
            err.printf(Locale.ROOT, "record: coverage %.4f (%,d of the %,d bytes the JVM allocated for the program's threads, "
                            + "less the recorder's own %,d); %,d bytes (%.4f) bytecode did not show are in the trace "
                            + "as %s filler, and %,d bytes of objects made before the agent or by the JVM as allocated "
                            + "where first seen: coverage with them %.4f%n",
                    cov.coverage(), cov.recorded(), cov.programBytes(), cov.own(), cov.filler(),
                    cov.filler() / (double) Math.max(1, cov.programBytes()), Recorder.UNRECORDED, cov.adopted(),
                    cov.coverageWithFiller());
            if (cov.coverage() < MIN_COVERAGE) {
                err.printf(Locale.ROOT, "record: warning: coverage %.4f is below %.2f: the trace misses allocation the "
                        + "recorder could not see (see docs/recording.md)%n", cov.coverage(), MIN_COVERAGE);
            }
        } else {
            err.println("record: warning: this JVM does not count the bytes each thread allocates; coverage unknown");
        }
        err.flush();
    }
}
