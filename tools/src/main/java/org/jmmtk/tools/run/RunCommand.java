package org.jmmtk.tools.run;

import org.jmmtk.tools.arena.ArenaEventsFile;
import org.jmmtk.tools.error.ErrorHandler;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.MinHeapFactorOption;
import org.jmmtk.tools.option.SampleRate;
import org.jmmtk.tools.option.SourceOptions;
import org.jmmtk.tools.option.SyncOptions;
import org.jmmtk.tools.option.ThreadsOption;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.Progress;
import org.jmmtk.tools.perfetto.PerfettoCommand;
import org.jmmtk.tools.perfetto.PerfettoOptions;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.lifetimes.Lifetimes;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.plans.Plans;
import org.jmmtk.plugins.filip.FinalizationSampler;
import org.jmmtk.plugins.merlin.DeathSink;
import org.jmmtk.probes.ProbeSession;
import org.jmmtk.tools.perfetto.ExportOptions;
import org.jmmtk.tools.perfetto.PerfettoExporter;
import org.jmmtk.tools.sweep.MachineLoad;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk run}: one plan on one workload or trace; prints the metrics; exit 1 on out-of-memory.
 * Optionally records the tracepoints ({@code --jfr}) and exports them for Perfetto ({@code --perfetto}).
 */
@Command(name = "run", sortOptions = false,
        description = "Run a collector plan on a workload or trace, then report its metrics.")
public final class RunCommand implements Callable<Integer> {
    @Mixin
    CollectorOptions collector;

    @Mixin
    SourceOptions source;

    @Mixin
    HeapFactorOption heapFactor;

    @Mixin
    MinHeapFactorOption minHeapFactor;

    @Mixin
    ThreadsOption threads;

    @Mixin
    SyncOptions sync;

    @Option(names = "--mutator-threads", paramLabel = "N", defaultValue = "1",
            description = "Replay the program's mutators on N threads at once, each trace thread on one of them, "
                    + "with the trace's cross-thread order kept (default: ${DEFAULT-VALUE}: all on one thread in trace "
                    + "order); see docs/design.md.")
    int mutatorThreads;

    @Option(names = "--page-resource-lock", paramLabel = "fine|coarse", defaultValue = "fine",
            description = "How long a mutator's allocation slow path holds its space's page-resource lock: fine "
                    + "(default: only inside each page-resource operation) or coarse (the whole slow path but the "
                    + "heap-budget poll: the MPLR'23 paper's section 6.2 regression, on purpose).")
    String pageResourceLock;

    @Option(names = "--json", description = "Print the metrics as one JSON object (fields: docs/metrics.md).")
    boolean json;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0",
            description = "Run N times unmeasured first, so the JIT has compiled the collector (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--jfr", paramLabel = "FILE",
            description = "Record the jmmtk tracepoints (JFR events) of the run into FILE.")
    Path jfr;

    @Option(names = "--perfetto", paramLabel = "OUT",
            description = "Record the tracepoints and write them as a Perfetto trace (.json or .json.gz; "
                    + "see docs/perfetto.md); says what it wrote on standard error.")
    Path perfetto;

    @Mixin
    PerfettoOptions export;

    @Option(names = "--mmu-out", paramLabel = "FILE.csv",
            description = "Write the MMU and BMU curves of the run as CSV (columns: docs/metrics.md).")
    Path mmuOut;

    @Option(names = "--arena-events", paramLabel = "FILE",
            description = "Write the run's arena events (JVMPI: NEW/DELETE_ARENA, NEW/DELETE/MOVE_OBJECT), the final "
                    + "collection included, as a binary file (docs/arena-events.md; read it with 'jmmtk arena').")
    Path arenaEvents;

    @Option(names = "--sample", paramLabel = "1/N",
            description = "With --plugin filip: sample 1 in N allocations, their ephemerons allocated in the heap "
                    + "(docs/filip.md; default: 1/1).")
    String sample;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Plans.Entry plan = collector.planEntry();
        Options options = options();
        ExportOptions exportOptions = exportOptions();
        TraceSource opened = source.open();
        FinalizationSampler filip = filip(options);
        TraceSource src = filip == null ? opened : Lifetimes.withEphemerons(opened, filip);
        HeapFactorOption.Heap heap = heapFactor.heap(source, opened);
        if (heap != null) {
            options.heapBytes(heap.bytes());
        }
        MinHeapFactorOption.Heap minHeap = minHeapFactor.heap(source, src, plan, options, configuration(filip));
        if (minHeap != null) {
            options.heapBytes(minHeap.bytes());
        }
        OutputFile.checkOption("--mmu-out", mmuOut, source.trace(), jfr, perfetto);
        if (warmup < 0) {
            throw new UsageException("--warmup must not be negative");
        }
        OutputFile.checkOption("--jfr", jfr, source.trace());
        OutputFile.checkOption("--perfetto", perfetto, source.trace(), jfr);
        OutputFile.checkOption("--arena-events", arenaEvents, source.trace(), jfr, perfetto, mmuOut);
        if (arenaEvents != null && collector.plugins.contains("arena")) {
            throw new UsageException("--arena-events FILE already enables the arena plugin; drop --plugin arena");
        }
        for (int i = 0; i < warmup; i++) {
            try (Progress progress = Progress.start("warming up " + (i + 1) + "/" + warmup, src::progress)) {
                Simulation.run(plan, options, opened);
            }
        }
        Path recordingFile = null;
        try (OutputFile jfrOut = jfr == null ? null : OutputFile.create(jfr, source.trace())) {
            recordingFile = jfrOut != null ? jfrOut.temp() : perfetto != null ? Files.createTempFile("jmmtk-", ".jfr") : null;
            RunResult result;
            try (ProbeSession recording = recordingFile == null ? null : ProbeSession.start(recordingFile);
                 Progress progress = Progress.start("replaying", src::progress);
                 ArenaEventsFile events = arenaEvents == null ? null : ArenaEventsFile.create(arenaEvents, source.trace())) {
                List<Plugin> extra = new ArrayList<>();
                if (filip != null) {
                    extra.add(filip);
                }
                if (events != null) {
                    extra.add(events.plugin());
                }
                result = Simulation.run(plan, options, src, (mmtk, binding) -> { }, extra);
                if (events != null) {
                    events.commit();
                }
            }
            if (jfrOut != null) {
                jfrOut.commit();
                recordingFile = jfr;
            }
            if (mmuOut != null) {
                MmuCsv.write(result.mutatorUtilization(), mmuOut);
            }
            PrintWriter out = spec.commandLine().getOut();
            MachineLoad load = MachineLoad.now();
            load.warn(spec.commandLine().getErr());
            if (json) {
                RunReport.json(result, source.kind(), heap, minHeap, warmup, load, out);
            } else {
                RunReport.table(result, heap != null ? heap.describe() : minHeap != null ? minHeap.describe() : null,
                        warmup, out);
            }
            List<String> written = new ArrayList<>();
            for (Path file : new Path[] {jfr, mmuOut, arenaEvents}) {
                if (file != null) {
                    written.add(file.toString());
                }
            }
            if (!written.isEmpty()) {
                // on standard error, as the Perfetto export's line, so that --json output stays one JSON object
                spec.commandLine().getErr().println("wrote " + String.join(", ", written));
                spec.commandLine().getErr().flush();
            }
            if (perfetto != null) {
                // after the metrics, and on standard error, so that --json output stays one JSON object
                PerfettoExporter.Result r = PerfettoCommand.export(recordingFile, perfetto, exportOptions);
                spec.commandLine().getErr().println(PerfettoCommand.summary(perfetto, r));
                spec.commandLine().getErr().flush();
            }
            if (result.isOutOfMemory()) {
                return ErrorHandler.fail(spec.commandLine(), result.outOfMemory(), ExitCodes.FAILED);
            }
            return ExitCodes.OK;
        } finally {
            if (jfr == null && recordingFile != null) {
                Files.deleteIfExists(recordingFile);
            }
        }
    }

    /**
     * The filip plugin with its ephemerons in the heap, if {@code --plugin filip} was given (then taken out
     * of the options' plugins: this run makes it itself, at the {@code --sample} rate); null otherwise.
     */
    /**
     * The heap {@code --min-heap-factor} chooses for this command line, found (or read from the cache) as the
     * run would find it, without running: how a study sizes its tasks in its own process before they start.
     * Null without {@code --min-heap-factor}.
     */
    public MinHeapFactorOption.Heap minHeap() throws IOException {
        Plans.Entry plan = collector.planEntry();
        Options options = options();
        TraceSource opened = source.open();
        FinalizationSampler filip = filip(options);
        TraceSource src = filip == null ? opened : Lifetimes.withEphemerons(opened, filip);
        return minHeapFactor.heap(source, src, plan, options, configuration(filip));
    }

    /** The run's options before its heap is chosen; bad usage of them (and of --min-heap-factor) is found here. */
    private Options options() {
        Options options = collector.options(threads.threads);
        sync.apply(options);
        options.mutatorThreads(mutatorThreads);
        options.pageResourceLock(PageResourceLock.parse(pageResourceLock));
        Simulation.checkMutatorThreads(options, List.of());
        minHeapFactor.check();
        return options;
    }

    /** What keys the minimum-heap cache beside the options: the geometry as given and FiLiP's sampling. */
    private String configuration(FinalizationSampler filip) {
        return collector.geometryKey() + (filip == null ? "" : "/filip=" + (sample == null ? "1/1" : sample));
    }

    private FinalizationSampler filip(Options options) {
        if (!collector.plugins.contains("filip")) {
            if (sample != null) {
                throw new UsageException("--sample applies to --plugin filip");
            }
            return null;
        }
        List<String> others = new ArrayList<>(collector.plugins);
        others.removeIf("filip"::equals);
        options.plugins(others);
        return new FinalizationSampler(sample == null ? 1 : SampleRate.parse("--sample", sample), DeathSink.NONE);
    }

    /** The export's options, checked before the run; null without --perfetto. */
    private ExportOptions exportOptions() {
        if (perfetto == null && export.given()) {
            throw new UsageException("--gcs, --every, --min-dur and --include-final shape the --perfetto export; "
                    + "give --perfetto OUT too");
        }
        return perfetto == null ? null : export.options();
    }
}
