package org.jmmtk.tools;

import java.util.List;
import org.jmmtk.tools.run.RunCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;

/**
 * picocli's model of {@code jmmtk} and {@code jmmtk run}, built by plain calls: the annotations of Main,
 * RunCommand and its mixins, read by the JDK's annotation proxies and picocli's reflection, took most of
 * {@code run}'s start-up after {@code main}. GENERATED from those annotations by CommandModelGenerator
 * (tools/src/test): do not edit; CommandModelsTest fails when this file is stale and says how to write it
 * again. Used on the command's thread.
 */
final class CommandModels {
    /** The names {@code run} answers to, its name first. */
    static final List<String> RUN_NAMES = List.of("run");

    private CommandModels() {
    }

    /** The top-level command, {@code jmmtk}, without its commands. */
    static CommandSpec root(Main main) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(main);
        spec.name("jmmtk");
        spec.version("jmmtk 0.1.0");
        spec.usageMessage().description("A garbage-collection research workbench built the way MMTk is built.",
                "Exit codes: 0 success, 1 the run failed (simulated or host out-of-memory), 2 bad input "
                + "or usage. --debug (anywhere) prints the stack trace of an internal error.",
                "--classpath PATH (anywhere, repeatable) adds jars and directories holding plans and "
                + "plugins, as the environment variable JMMTK_CLASSPATH does (entries separated by the "
                + "system's path separator); 'jmmtk plans' and 'jmmtk plugins' show where each came from.");
        FieldBinding.of(main, "spec").set(spec);
        spec.addMixin("mixinStandardHelpOptions", standardHelpOptions());
        return spec;
    }

    /** {@code jmmtk run}. */
    static CommandSpec run(RunCommand command) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        spec.name("run");
        spec.version("jmmtk 0.1.0");
        spec.usageMessage().sortOptions(false);
        spec.usageMessage().description("Run a collector plan on a workload or trace, then report its metrics.");
        org.jmmtk.tools.option.CollectorOptions m0 = new org.jmmtk.tools.option.CollectorOptions();
        FieldBinding.of(command, "collector").set(m0);
        CommandSpec m0Spec = CommandSpec.wrapWithoutInspection(m0);
        FieldBinding.of(m0, "command").set(spec);
        m0Spec.addOption(FieldBinding.of(m0, "plan").option(OptionSpec.builder("--plan")
                .paramLabel("NAME")
                .description("Collector plan (default: ${DEFAULT-VALUE}); see 'jmmtk plans'.")
                .defaultValue("semispace")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "heap").option(OptionSpec.builder("--heap")
                .paramLabel("SIZE")
                .description("Heap budget, with optional k/m/g suffix (default: ${DEFAULT-VALUE}).")
                .defaultValue("32m")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "pageSize").option(OptionSpec.builder("--page-size")
                .paramLabel("SIZE")
                .description("Page size, the unit of the heap budget (default: scales with the heap, 64 B..4 KiB).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "blockSize").option(OptionSpec.builder("--block-size")
                .paramLabel("SIZE")
                .description("Block size of block-structured spaces, mark-sweep and Immix (default: scales with "
                + "the heap, up to 64 KiB for mark-sweep, 32 KiB for Immix).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "lineSize").option(OptionSpec.builder("--line-size")
                .paramLabel("SIZE")
                .description("Line size of Immix spaces (default: scales with the heap, 64 B..256 B).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "tlabSize").option(OptionSpec.builder("--tlab-size")
                .paramLabel("SIZE")
                .description("Thread-local allocation buffer of bump allocators (default: scales with the heap, "
                + "up to 32 KiB).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "packetCapacity").option(OptionSpec.builder("--packet-capacity")
                .paramLabel("N")
                .description("The most edges a ProcessEdges packet carries, and traces (default: ${DEFAULT-VALUE}, "
                + "MMTk's constant).")
                .defaultValue("4096")
                .type(int.class)
                .auxiliaryTypes(int.class)));
        m0Spec.addOption(FieldBinding.of(m0, "overheadLimit").option(OptionSpec.builder("--gc-overhead-limit")
                .paramLabel("GC%,FREE%,N|off")
                .description("Out of memory after N collections in a row that each did more than GC%% of the work "
                + "and left less than FREE%% of the heap free (default: ${DEFAULT-VALUE}, HotSpot's; "
                + "see docs/metrics.md).")
                .defaultValue("98,2,5")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "plugins").option(OptionSpec.builder("--plugin")
                .paramLabel("NAME")
                .description("Enable a plugin that observes the heap's events (repeatable); see 'jmmtk plugins'.")
                .type(java.util.List.class)
                .auxiliaryTypes(java.lang.String.class)));
        m0Spec.addOption(FieldBinding.of(m0, "sanity").option(OptionSpec.builder("--sanity")
                .paramLabel("<sanity>")
                .description("Check the heap with an independent reachability walk after every GC.")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)));
        m0Spec.addOption(FieldBinding.of(m0, "countMetadata").option(OptionSpec.builder("--count-metadata")
                .paramLabel("<countMetadata>")
                .description("Charge side metadata (mark bits, line marks, counts, ...) to the heap budget as mmtk-core "
                + "does: each space pays, per table, its pages' metadata rounded up to a page.")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)));
        m0Spec.addOption(FieldBinding.of(m0, "pacing").option(OptionSpec.builder("--pacing")
                .paramLabel("K|real")
                .description("A concurrent plan's concurrent work: one unit after every K trace records while the "
                + "program waits (exact, the same for any thread count), or real: GC workers run beside "
                + "the program (timings, contention). Default: none for stop-the-world plans, 1000 for "
                + "concurrent plans; see docs/collectors-iii.md.")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        spec.addMixin("collector", m0Spec);
        org.jmmtk.tools.option.SourceOptions m1 = new org.jmmtk.tools.option.SourceOptions();
        FieldBinding.of(command, "source").set(m1);
        CommandSpec m1Spec = CommandSpec.wrapWithoutInspection(m1);
        m1Spec.addOption(FieldBinding.of(m1, "workload").option(OptionSpec.builder("--workload")
                .paramLabel("NAME")
                .description("Built-in workload (default: binarytrees); see 'jmmtk workloads'.")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m1Spec.addOption(FieldBinding.of(m1, "trace").option(OptionSpec.builder("--trace")
                .paramLabel("FILE")
                .description("Replay a jmmtk trace (text or binary, .gz or not).")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)));
        org.jmmtk.tools.option.WorkloadOptions m2 = new org.jmmtk.tools.option.WorkloadOptions();
        FieldBinding.of(m1, "workloadOptions").set(m2);
        CommandSpec m2Spec = CommandSpec.wrapWithoutInspection(m2);
        m2Spec.addOption(FieldBinding.of(m2, "seed").option(OptionSpec.builder("--seed")
                .paramLabel("N")
                .description("Workload seed (default: 42).")
                .type(java.lang.Long.class)
                .auxiliaryTypes(java.lang.Long.class)));
        m2Spec.addOption(FieldBinding.of(m2, "scale").option(OptionSpec.builder("--scale")
                .paramLabel("X")
                .description("Workload size factor (default: 1.0).")
                .type(java.lang.Double.class)
                .auxiliaryTypes(java.lang.Double.class)));
        m1Spec.addMixin("workloadOptions", m2Spec);
        spec.addMixin("source", m1Spec);
        org.jmmtk.tools.option.HeapFactorOption m3 = new org.jmmtk.tools.option.HeapFactorOption();
        FieldBinding.of(command, "heapFactor").set(m3);
        CommandSpec m3Spec = CommandSpec.wrapWithoutInspection(m3);
        m3Spec.addOption(FieldBinding.of(m3, "factor").option(OptionSpec.builder("--heap-factor")
                .paramLabel("F")
                .description("Heap = F x the program's maximum live size (exact; see docs/metrics.md), rounded up; "
                + "instead of --heap.")
                .type(java.lang.Double.class)
                .auxiliaryTypes(java.lang.Double.class)));
        FieldBinding.of(m3, "command").set(spec);
        spec.addMixin("heapFactor", m3Spec);
        org.jmmtk.tools.option.MinHeapFactorOption m4 = new org.jmmtk.tools.option.MinHeapFactorOption();
        FieldBinding.of(command, "minHeapFactor").set(m4);
        CommandSpec m4Spec = CommandSpec.wrapWithoutInspection(m4);
        m4Spec.addOption(FieldBinding.of(m4, "factor").option(OptionSpec.builder("--min-heap-factor")
                .paramLabel("F")
                .description("Heap = F x the plan's minimum heap on the program (F >= 1; found as 'jmmtk minheap' "
                + "finds it, once, then cached beside the trace; see docs/metrics.md), rounded up; instead "
                + "of --heap and --heap-factor.")
                .type(java.lang.Double.class)
                .auxiliaryTypes(java.lang.Double.class)));
        FieldBinding.of(m4, "command").set(spec);
        spec.addMixin("minHeapFactor", m4Spec);
        org.jmmtk.tools.option.ThreadsOption m5 = new org.jmmtk.tools.option.ThreadsOption();
        FieldBinding.of(command, "threads").set(m5);
        CommandSpec m5Spec = CommandSpec.wrapWithoutInspection(m5);
        m5Spec.addOption(FieldBinding.of(m5, "threads").option(OptionSpec.builder("--threads")
                .paramLabel("N")
                .description("GC worker threads (default: the number of processors).")
                .type(int.class)
                .auxiliaryTypes(int.class)));
        spec.addMixin("threads", m5Spec);
        org.jmmtk.tools.option.SyncOptions m6 = new org.jmmtk.tools.option.SyncOptions();
        FieldBinding.of(command, "sync").set(m6);
        CommandSpec m6Spec = CommandSpec.wrapWithoutInspection(m6);
        m6Spec.addOption(FieldBinding.of(m6, "sync").option(OptionSpec.builder("--sync")
                .paramLabel("SCHEME")
                .description("Replay a granulated trace (jmmtk granulate): its D records decide what is live, and "
                + "collections follow SCHEME: none (at the natural points), early, late or mid (only "
                + "at its P records; the Merlin paper's section 3.2). Without --sync, D and P records "
                + "are ignored.")
                .type(org.jmmtk.core.heap.SyncScheme.class)
                .auxiliaryTypes(org.jmmtk.core.heap.SyncScheme.class)));
        m6Spec.addOption(FieldBinding.of(m6, "granule").option(OptionSpec.builder("--granule")
                .paramLabel("BYTES")
                .description("The granule --sync early and mid look ahead by (default: the mean spacing of the P "
                + "records so far).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        spec.addMixin("sync", m6Spec);
        spec.addOption(FieldBinding.of(command, "mutatorThreads").option(OptionSpec.builder("--mutator-threads")
                .paramLabel("N")
                .description("Replay the program's mutators on N threads at once, each trace thread on one of them, "
                + "with the trace's cross-thread order kept (default: ${DEFAULT-VALUE}: all on one thread "
                + "in trace order); see docs/design.md.")
                .defaultValue("1")
                .type(int.class)
                .auxiliaryTypes(int.class)));
        spec.addOption(FieldBinding.of(command, "pageResourceLock").option(OptionSpec.builder("--page-resource-lock")
                .paramLabel("fine|coarse")
                .description("How long a mutator's allocation slow path holds its space's page-resource lock: fine "
                + "(default: only inside each page-resource operation) or coarse (the whole slow path "
                + "but the heap-budget poll: the MPLR'23 paper's section 6.2 regression, on purpose).")
                .defaultValue("fine")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        spec.addOption(FieldBinding.of(command, "json").option(OptionSpec.builder("--json")
                .paramLabel("<json>")
                .description("Print the metrics as one JSON object (fields: docs/metrics.md).")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)));
        spec.addOption(FieldBinding.of(command, "warmup").option(OptionSpec.builder("--warmup")
                .paramLabel("N")
                .description("Run N times unmeasured first, so the JIT has compiled the collector (default: ${DEFAULT-VALUE}).")
                .defaultValue("0")
                .type(int.class)
                .auxiliaryTypes(int.class)));
        spec.addOption(FieldBinding.of(command, "jfr").option(OptionSpec.builder("--jfr")
                .paramLabel("FILE")
                .description("Record the jmmtk tracepoints (JFR events) of the run into FILE.")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)));
        spec.addOption(FieldBinding.of(command, "perfetto").option(OptionSpec.builder("--perfetto")
                .paramLabel("OUT")
                .description("Record the tracepoints and write them as a Perfetto trace (.json or .json.gz; see "
                + "docs/perfetto.md); says what it wrote on standard error.")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)));
        org.jmmtk.tools.perfetto.PerfettoOptions m7 = new org.jmmtk.tools.perfetto.PerfettoOptions();
        FieldBinding.of(command, "export").set(m7);
        CommandSpec m7Spec = CommandSpec.wrapWithoutInspection(m7);
        m7Spec.addOption(FieldBinding.of(m7, "gcs").option(OptionSpec.builder("--gcs")
                .paramLabel("N[-M]")
                .description("Export only GC N, or GCs N to M (and the mutators' slow paths that overlap them).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        m7Spec.addOption(FieldBinding.of(m7, "every").option(OptionSpec.builder("--every")
                .paramLabel("K")
                .description("Export one GC in K: the first selected, then every K-th (default: ${DEFAULT-VALUE}).")
                .defaultValue("1")
                .type(int.class)
                .auxiliaryTypes(int.class)));
        m7Spec.addOption(FieldBinding.of(m7, "minDurMicros").option(OptionSpec.builder("--min-dur")
                .paramLabel("MICROS")
                .description("Packets shorter than this become per-GC, per-type summaries instead of slices (default: "
                + "${DEFAULT-VALUE}, keep all).")
                .defaultValue("0")
                .type(double.class)
                .auxiliaryTypes(double.class)));
        m7Spec.addOption(FieldBinding.of(m7, "includeFinal").option(OptionSpec.builder("--include-final")
                .paramLabel("<includeFinal>")
                .description("Also export the run's final reachability collection.")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)));
        spec.addMixin("export", m7Spec);
        spec.addOption(FieldBinding.of(command, "mmuOut").option(OptionSpec.builder("--mmu-out")
                .paramLabel("FILE.csv")
                .description("Write the MMU and BMU curves of the run as CSV (columns: docs/metrics.md).")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)));
        spec.addOption(FieldBinding.of(command, "arenaEvents").option(OptionSpec.builder("--arena-events")
                .paramLabel("FILE")
                .description("Write the run's arena events (JVMPI: NEW/DELETE_ARENA, NEW/DELETE/MOVE_OBJECT), the "
                + "final collection included, as a binary file (docs/arena-events.md; read it with 'jmmtk "
                + "arena').")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)));
        spec.addOption(FieldBinding.of(command, "sample").option(OptionSpec.builder("--sample")
                .paramLabel("1/N")
                .description("With --plugin filip: sample 1 in N allocations, their ephemerons allocated in the "
                + "heap (docs/filip.md; default: 1/1).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)));
        FieldBinding.of(command, "spec").set(spec);
        spec.addMixin("mixinStandardHelpOptions", standardHelpOptions());
        return spec;
    }

    /** picocli's standard help options ({@code -h}, {@code -V}), built as its reflective model has them. */
    private static CommandSpec standardHelpOptions() {
        CommandSpec help = CommandSpec.create();
        help.addOption(OptionSpec.builder("-h", "--help")
                .paramLabel("<helpRequested>")
                .description("Show this help message and exit.")
                .descriptionKey("mixinStandardHelpOptions.help")
                .usageHelp(true).versionHelp(false)
                .type(boolean.class)
                .initialValue(false).hasInitialValue(true)
                .scopeType(ScopeType.LOCAL).inherited(false).build());
        help.addOption(OptionSpec.builder("-V", "--version")
                .paramLabel("<versionRequested>")
                .description("Print version information and exit.")
                .descriptionKey("mixinStandardHelpOptions.version")
                .usageHelp(false).versionHelp(true)
                .type(boolean.class)
                .initialValue(false).hasInitialValue(true)
                .scopeType(ScopeType.LOCAL).inherited(false).build());
        return help;
    }
}
