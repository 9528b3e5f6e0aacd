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
        spec.addMixin("mixinStandardHelpOptions", help);
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
        FieldBinding b1 = FieldBinding.of(m0, "plan");
        m0Spec.addOption(OptionSpec.builder("--plan")
                .paramLabel("NAME")
                .description("Collector plan (default: ${DEFAULT-VALUE}); see 'jmmtk plans'.")
                .defaultValue("semispace")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b1.value()).hasInitialValue(true)
                .getter(b1).setter(b1).build());
        FieldBinding b2 = FieldBinding.of(m0, "heap");
        m0Spec.addOption(OptionSpec.builder("--heap")
                .paramLabel("SIZE")
                .description("Heap budget, with optional k/m/g suffix (default: ${DEFAULT-VALUE}).")
                .defaultValue("32m")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b2.value()).hasInitialValue(true)
                .getter(b2).setter(b2).build());
        FieldBinding b3 = FieldBinding.of(m0, "pageSize");
        m0Spec.addOption(OptionSpec.builder("--page-size")
                .paramLabel("SIZE")
                .description("Page size, the unit of the heap budget (default: scales with the heap, 64 B..4 KiB).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b3.value()).hasInitialValue(true)
                .getter(b3).setter(b3).build());
        FieldBinding b4 = FieldBinding.of(m0, "blockSize");
        m0Spec.addOption(OptionSpec.builder("--block-size")
                .paramLabel("SIZE")
                .description("Block size of block-structured spaces, mark-sweep and Immix (default: scales with "
                + "the heap, up to 64 KiB for mark-sweep, 32 KiB for Immix).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b4.value()).hasInitialValue(true)
                .getter(b4).setter(b4).build());
        FieldBinding b5 = FieldBinding.of(m0, "lineSize");
        m0Spec.addOption(OptionSpec.builder("--line-size")
                .paramLabel("SIZE")
                .description("Line size of Immix spaces (default: scales with the heap, 64 B..256 B).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b5.value()).hasInitialValue(true)
                .getter(b5).setter(b5).build());
        FieldBinding b6 = FieldBinding.of(m0, "tlabSize");
        m0Spec.addOption(OptionSpec.builder("--tlab-size")
                .paramLabel("SIZE")
                .description("Thread-local allocation buffer of bump allocators (default: scales with the heap, "
                + "up to 32 KiB).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b6.value()).hasInitialValue(true)
                .getter(b6).setter(b6).build());
        FieldBinding b7 = FieldBinding.of(m0, "packetCapacity");
        m0Spec.addOption(OptionSpec.builder("--packet-capacity")
                .paramLabel("N")
                .description("The most edges a ProcessEdges packet carries, and traces (default: ${DEFAULT-VALUE}, "
                + "MMTk's constant).")
                .defaultValue("4096")
                .type(int.class)
                .auxiliaryTypes(int.class)
                .initialValue(b7.value()).hasInitialValue(true)
                .getter(b7).setter(b7).build());
        FieldBinding b8 = FieldBinding.of(m0, "overheadLimit");
        m0Spec.addOption(OptionSpec.builder("--gc-overhead-limit")
                .paramLabel("GC%,FREE%,N|off")
                .description("Out of memory after N collections in a row that each did more than GC%% of the work "
                + "and left less than FREE%% of the heap free (default: ${DEFAULT-VALUE}, HotSpot's; "
                + "see docs/metrics.md).")
                .defaultValue("98,2,5")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b8.value()).hasInitialValue(true)
                .getter(b8).setter(b8).build());
        FieldBinding b9 = FieldBinding.of(m0, "plugins");
        m0Spec.addOption(OptionSpec.builder("--plugin")
                .paramLabel("NAME")
                .description("Enable a plugin that observes the heap's events (repeatable); see 'jmmtk plugins'.")
                .type(java.util.List.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b9.value()).hasInitialValue(true)
                .getter(b9).setter(b9).build());
        FieldBinding b10 = FieldBinding.of(m0, "sanity");
        m0Spec.addOption(OptionSpec.builder("--sanity")
                .paramLabel("<sanity>")
                .description("Check the heap with an independent reachability walk after every GC.")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .initialValue(b10.value()).hasInitialValue(true)
                .getter(b10).setter(b10).build());
        FieldBinding b11 = FieldBinding.of(m0, "countMetadata");
        m0Spec.addOption(OptionSpec.builder("--count-metadata")
                .paramLabel("<countMetadata>")
                .description("Charge side metadata (mark bits, line marks, counts, ...) to the heap budget as mmtk-core "
                + "does: each space pays, per table, its pages' metadata rounded up to a page.")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .initialValue(b11.value()).hasInitialValue(true)
                .getter(b11).setter(b11).build());
        FieldBinding b12 = FieldBinding.of(m0, "pacing");
        m0Spec.addOption(OptionSpec.builder("--pacing")
                .paramLabel("K|real")
                .description("A concurrent plan's concurrent work: one unit after every K trace records while the "
                + "program waits (exact, the same for any thread count), or real: GC workers run beside "
                + "the program (timings, contention). Default: none for stop-the-world plans, 1000 for "
                + "concurrent plans; see docs/collectors-iii.md.")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b12.value()).hasInitialValue(true)
                .getter(b12).setter(b12).build());
        spec.addMixin("collector", m0Spec);
        org.jmmtk.tools.option.SourceOptions m13 = new org.jmmtk.tools.option.SourceOptions();
        FieldBinding.of(command, "source").set(m13);
        CommandSpec m13Spec = CommandSpec.wrapWithoutInspection(m13);
        FieldBinding b14 = FieldBinding.of(m13, "workload");
        m13Spec.addOption(OptionSpec.builder("--workload")
                .paramLabel("NAME")
                .description("Built-in workload (default: binarytrees); see 'jmmtk workloads'.")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b14.value()).hasInitialValue(true)
                .getter(b14).setter(b14).build());
        FieldBinding b15 = FieldBinding.of(m13, "trace");
        m13Spec.addOption(OptionSpec.builder("--trace")
                .paramLabel("FILE")
                .description("Replay a jmmtk trace (text or binary, .gz or not).")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)
                .initialValue(b15.value()).hasInitialValue(true)
                .getter(b15).setter(b15).build());
        org.jmmtk.tools.option.WorkloadOptions m16 = new org.jmmtk.tools.option.WorkloadOptions();
        FieldBinding.of(m13, "workloadOptions").set(m16);
        CommandSpec m16Spec = CommandSpec.wrapWithoutInspection(m16);
        FieldBinding b17 = FieldBinding.of(m16, "seed");
        m16Spec.addOption(OptionSpec.builder("--seed")
                .paramLabel("N")
                .description("Workload seed (default: 42).")
                .type(java.lang.Long.class)
                .auxiliaryTypes(java.lang.Long.class)
                .initialValue(b17.value()).hasInitialValue(true)
                .getter(b17).setter(b17).build());
        FieldBinding b18 = FieldBinding.of(m16, "scale");
        m16Spec.addOption(OptionSpec.builder("--scale")
                .paramLabel("X")
                .description("Workload size factor (default: 1.0).")
                .type(java.lang.Double.class)
                .auxiliaryTypes(java.lang.Double.class)
                .initialValue(b18.value()).hasInitialValue(true)
                .getter(b18).setter(b18).build());
        m13Spec.addMixin("workloadOptions", m16Spec);
        spec.addMixin("source", m13Spec);
        org.jmmtk.tools.option.HeapFactorOption m19 = new org.jmmtk.tools.option.HeapFactorOption();
        FieldBinding.of(command, "heapFactor").set(m19);
        CommandSpec m19Spec = CommandSpec.wrapWithoutInspection(m19);
        FieldBinding b20 = FieldBinding.of(m19, "factor");
        m19Spec.addOption(OptionSpec.builder("--heap-factor")
                .paramLabel("F")
                .description("Heap = F x the program's maximum live size (exact; see docs/metrics.md), rounded up; "
                + "instead of --heap.")
                .type(java.lang.Double.class)
                .auxiliaryTypes(java.lang.Double.class)
                .initialValue(b20.value()).hasInitialValue(true)
                .getter(b20).setter(b20).build());
        FieldBinding.of(m19, "command").set(spec);
        spec.addMixin("heapFactor", m19Spec);
        org.jmmtk.tools.option.MinHeapFactorOption m21 = new org.jmmtk.tools.option.MinHeapFactorOption();
        FieldBinding.of(command, "minHeapFactor").set(m21);
        CommandSpec m21Spec = CommandSpec.wrapWithoutInspection(m21);
        FieldBinding b22 = FieldBinding.of(m21, "factor");
        m21Spec.addOption(OptionSpec.builder("--min-heap-factor")
                .paramLabel("F")
                .description("Heap = F x the plan's minimum heap on the program (F >= 1; found as 'jmmtk minheap' "
                + "finds it, once, then cached beside the trace; see docs/metrics.md), rounded up; instead "
                + "of --heap and --heap-factor.")
                .type(java.lang.Double.class)
                .auxiliaryTypes(java.lang.Double.class)
                .initialValue(b22.value()).hasInitialValue(true)
                .getter(b22).setter(b22).build());
        FieldBinding.of(m21, "command").set(spec);
        spec.addMixin("minHeapFactor", m21Spec);
        org.jmmtk.tools.option.ThreadsOption m23 = new org.jmmtk.tools.option.ThreadsOption();
        FieldBinding.of(command, "threads").set(m23);
        CommandSpec m23Spec = CommandSpec.wrapWithoutInspection(m23);
        FieldBinding b24 = FieldBinding.of(m23, "threads");
        m23Spec.addOption(OptionSpec.builder("--threads")
                .paramLabel("N")
                .description("GC worker threads (default: the number of processors).")
                .type(int.class)
                .auxiliaryTypes(int.class)
                .initialValue(b24.value()).hasInitialValue(true)
                .getter(b24).setter(b24).build());
        spec.addMixin("threads", m23Spec);
        org.jmmtk.tools.option.SyncOptions m25 = new org.jmmtk.tools.option.SyncOptions();
        FieldBinding.of(command, "sync").set(m25);
        CommandSpec m25Spec = CommandSpec.wrapWithoutInspection(m25);
        FieldBinding b26 = FieldBinding.of(m25, "sync");
        m25Spec.addOption(OptionSpec.builder("--sync")
                .paramLabel("SCHEME")
                .description("Replay a granulated trace (jmmtk granulate): its D records decide what is live, and "
                + "collections follow SCHEME: none (at the natural points), early, late or mid (only "
                + "at its P records; the Merlin paper's section 3.2). Without --sync, D and P records "
                + "are ignored.")
                .type(org.jmmtk.core.heap.SyncScheme.class)
                .auxiliaryTypes(org.jmmtk.core.heap.SyncScheme.class)
                .initialValue(b26.value()).hasInitialValue(true)
                .getter(b26).setter(b26).build());
        FieldBinding b27 = FieldBinding.of(m25, "granule");
        m25Spec.addOption(OptionSpec.builder("--granule")
                .paramLabel("BYTES")
                .description("The granule --sync early and mid look ahead by (default: the mean spacing of the P "
                + "records so far).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b27.value()).hasInitialValue(true)
                .getter(b27).setter(b27).build());
        spec.addMixin("sync", m25Spec);
        FieldBinding b28 = FieldBinding.of(command, "mutatorThreads");
        spec.addOption(OptionSpec.builder("--mutator-threads")
                .paramLabel("N")
                .description("Replay the program's mutators on N threads at once, each trace thread on one of them, "
                + "with the trace's cross-thread order kept (default: ${DEFAULT-VALUE}: all on one thread "
                + "in trace order); see docs/design.md.")
                .defaultValue("1")
                .type(int.class)
                .auxiliaryTypes(int.class)
                .initialValue(b28.value()).hasInitialValue(true)
                .getter(b28).setter(b28).build());
        FieldBinding b29 = FieldBinding.of(command, "pageResourceLock");
        spec.addOption(OptionSpec.builder("--page-resource-lock")
                .paramLabel("fine|coarse")
                .description("How long a mutator's allocation slow path holds its space's page-resource lock: fine "
                + "(default: only inside each page-resource operation) or coarse (the whole slow path "
                + "but the heap-budget poll: the MPLR'23 paper's section 6.2 regression, on purpose).")
                .defaultValue("fine")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b29.value()).hasInitialValue(true)
                .getter(b29).setter(b29).build());
        FieldBinding b30 = FieldBinding.of(command, "json");
        spec.addOption(OptionSpec.builder("--json")
                .paramLabel("<json>")
                .description("Print the metrics as one JSON object (fields: docs/metrics.md).")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .initialValue(b30.value()).hasInitialValue(true)
                .getter(b30).setter(b30).build());
        FieldBinding b31 = FieldBinding.of(command, "warmup");
        spec.addOption(OptionSpec.builder("--warmup")
                .paramLabel("N")
                .description("Run N times unmeasured first, so the JIT has compiled the collector (default: ${DEFAULT-VALUE}).")
                .defaultValue("0")
                .type(int.class)
                .auxiliaryTypes(int.class)
                .initialValue(b31.value()).hasInitialValue(true)
                .getter(b31).setter(b31).build());
        FieldBinding b32 = FieldBinding.of(command, "jfr");
        spec.addOption(OptionSpec.builder("--jfr")
                .paramLabel("FILE")
                .description("Record the jmmtk tracepoints (JFR events) of the run into FILE.")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)
                .initialValue(b32.value()).hasInitialValue(true)
                .getter(b32).setter(b32).build());
        FieldBinding b33 = FieldBinding.of(command, "perfetto");
        spec.addOption(OptionSpec.builder("--perfetto")
                .paramLabel("OUT")
                .description("Record the tracepoints and write them as a Perfetto trace (.json or .json.gz; see "
                + "docs/perfetto.md); says what it wrote on standard error.")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)
                .initialValue(b33.value()).hasInitialValue(true)
                .getter(b33).setter(b33).build());
        org.jmmtk.tools.perfetto.PerfettoOptions m34 = new org.jmmtk.tools.perfetto.PerfettoOptions();
        FieldBinding.of(command, "export").set(m34);
        CommandSpec m34Spec = CommandSpec.wrapWithoutInspection(m34);
        FieldBinding b35 = FieldBinding.of(m34, "gcs");
        m34Spec.addOption(OptionSpec.builder("--gcs")
                .paramLabel("N[-M]")
                .description("Export only GC N, or GCs N to M (and the mutators' slow paths that overlap them).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b35.value()).hasInitialValue(true)
                .getter(b35).setter(b35).build());
        FieldBinding b36 = FieldBinding.of(m34, "every");
        m34Spec.addOption(OptionSpec.builder("--every")
                .paramLabel("K")
                .description("Export one GC in K: the first selected, then every K-th (default: ${DEFAULT-VALUE}).")
                .defaultValue("1")
                .type(int.class)
                .auxiliaryTypes(int.class)
                .initialValue(b36.value()).hasInitialValue(true)
                .getter(b36).setter(b36).build());
        FieldBinding b37 = FieldBinding.of(m34, "minDurMicros");
        m34Spec.addOption(OptionSpec.builder("--min-dur")
                .paramLabel("MICROS")
                .description("Packets shorter than this become per-GC, per-type summaries instead of slices (default: "
                + "${DEFAULT-VALUE}, keep all).")
                .defaultValue("0")
                .type(double.class)
                .auxiliaryTypes(double.class)
                .initialValue(b37.value()).hasInitialValue(true)
                .getter(b37).setter(b37).build());
        FieldBinding b38 = FieldBinding.of(m34, "includeFinal");
        m34Spec.addOption(OptionSpec.builder("--include-final")
                .paramLabel("<includeFinal>")
                .description("Also export the run's final reachability collection.")
                .type(boolean.class)
                .auxiliaryTypes(boolean.class)
                .initialValue(b38.value()).hasInitialValue(true)
                .getter(b38).setter(b38).build());
        spec.addMixin("export", m34Spec);
        FieldBinding b39 = FieldBinding.of(command, "mmuOut");
        spec.addOption(OptionSpec.builder("--mmu-out")
                .paramLabel("FILE.csv")
                .description("Write the MMU and BMU curves of the run as CSV (columns: docs/metrics.md).")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)
                .initialValue(b39.value()).hasInitialValue(true)
                .getter(b39).setter(b39).build());
        FieldBinding b40 = FieldBinding.of(command, "arenaEvents");
        spec.addOption(OptionSpec.builder("--arena-events")
                .paramLabel("FILE")
                .description("Write the run's arena events (JVMPI: NEW/DELETE_ARENA, NEW/DELETE/MOVE_OBJECT), the "
                + "final collection included, as a binary file (docs/arena-events.md; read it with 'jmmtk "
                + "arena').")
                .type(java.nio.file.Path.class)
                .auxiliaryTypes(java.nio.file.Path.class)
                .initialValue(b40.value()).hasInitialValue(true)
                .getter(b40).setter(b40).build());
        FieldBinding b41 = FieldBinding.of(command, "sample");
        spec.addOption(OptionSpec.builder("--sample")
                .paramLabel("1/N")
                .description("With --plugin filip: sample 1 in N allocations, their ephemerons allocated in the "
                + "heap (docs/filip.md; default: 1/1).")
                .type(java.lang.String.class)
                .auxiliaryTypes(java.lang.String.class)
                .initialValue(b41.value()).hasInitialValue(true)
                .getter(b41).setter(b41).build());
        FieldBinding.of(command, "spec").set(spec);
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
        spec.addMixin("mixinStandardHelpOptions", help);
        return spec;
    }
}
