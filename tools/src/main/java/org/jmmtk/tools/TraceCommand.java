package org.jmmtk.tools;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.elephanttracks.Et1Reader;
import org.jmmtk.bindings.elephanttracks.Et2Reader;
import org.jmmtk.bindings.garcosim.GarCoSimReader;
import org.jmmtk.bindings.trace.MaxLiveCache;
import org.jmmtk.bindings.trace.StreamingShadowHeap;
import org.jmmtk.bindings.trace.TeeEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.bindings.trace.TraceWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code jmmtk trace gen|import|convert|stats}: write workloads as traces, import foreign traces, rewrite
 * traces in another encoding or the current version, summarise traces.
 */
@Command(name = "trace", description = "Write, import, convert and summarise traces.",
        subcommands = {TraceCommand.Gen.class, TraceCommand.Import.class, TraceCommand.Convert.class,
                TraceCommand.Stats.class})
final class TraceCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: gen, import, convert or stats");
    }

    /** The foreign formats {@code import} reads. */
    enum Foreign {
        garcosim, et1, et2
    }

    static TraceSource foreign(Foreign format, Path file) throws IOException {
        return switch (format) {
            case garcosim -> new GarCoSimReader(file);
            case et1 -> new Et1Reader(file);
            case et2 -> new Et2Reader(file);
        };
    }

    /** Where {@code gen} and {@code import} write: {@code -o FILE} and {@code --binary}. */
    static final class Output {
        @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
                description = "The jmmtk trace to write (.gz to compress).")
        Path file;

        @Option(names = "--binary", description = "Write the binary form instead of text.")
        boolean binary;

        /**
         * Writes {@code source} to the file through an {@link OutputFile} (never over {@code input}); with
         * {@code check}, every event is first checked as a replay would check it (by a streaming {@link ShadowHeap}).
         */
        void write(TraceSource source, String label, Path input, boolean check) throws IOException {
            try (OutputFile out = OutputFile.create(file, input)) {
                try (TraceWriter writer = TraceWriter.create(out.temp(), binary);
                     Progress progress = Progress.start(label, source::progress)) {
                    source.replay(check ? new TeeEvents(new StreamingShadowHeap(), writer) : writer);
                } catch (UncheckedIOException e) {
                    throw OutputFile.named(file, e.getCause());
                }
                out.commit();
            }
        }
    }

    @Command(name = "gen", description = "Write a built-in workload out as a trace.")
    static final class Gen implements Callable<Integer> {
        @Parameters(paramLabel = "WORKLOAD", description = "See 'jmmtk workloads'.")
        String workload;

        @Mixin
        Output output;

        @Mixin
        WorkloadOptions workloadOptions;

        @Override
        public Integer call() throws IOException {
            output.write(workloadOptions.create(workload), "writing " + output.file, null, false);
            return ExitCodes.OK;
        }
    }

    @Command(name = "import", description = "Convert a foreign trace into a jmmtk trace.")
    static final class Import implements Callable<Integer> {
        @Option(names = "--from", paramLabel = "FORMAT", required = true, description = "Input format: ${COMPLETION-CANDIDATES}.")
        Foreign from;

        @Parameters(paramLabel = "IN", description = "The foreign trace.")
        Path input;

        @Mixin
        Output output;

        @Override
        public Integer call() throws IOException {
            output.write(foreign(from, input), "importing " + input, input, true);
            return ExitCodes.OK;
        }
    }

    @Command(name = "convert", description = "Rewrite a jmmtk trace (version 1 or 2, any encoding) as a version-2 "
            + "trace: text, or binary with --binary.")
    static final class Convert implements Callable<Integer> {
        @Parameters(paramLabel = "IN", description = "A jmmtk trace.")
        Path input;

        @Mixin
        Output output;

        @Override
        public Integer call() throws IOException {
            output.write(TraceFormat.open(input), "converting " + input, input, false);
            return ExitCodes.OK;
        }
    }

    @Command(name = "stats", description = "Count a trace's records and find what is reachable at its end.")
    static final class Stats implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "A jmmtk trace (or a foreign one with --from).")
        Path file;

        @Option(names = "--from", paramLabel = "FORMAT", description = "Read a foreign trace: ${COMPLETION-CANDIDATES}.")
        Foreign from;

        @Option(names = "--json", description = "Print the summary as one JSON object.")
        boolean json;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            TraceSource source = from == null ? TraceFormat.open(file) : foreign(from, file);
            TraceStats stats = new TraceStats();
            try (Progress progress = Progress.start("reading " + file, source::progress)) {
                source.replay(stats);
            }
            TraceStats.Summary s = stats.summary();
            if (from == null) {
                MaxLiveCache.of(file).write(s.maxLive());
            }
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                json(s, out);
            } else {
                table(s, out);
            }
            return ExitCodes.OK;
        }

        private void table(TraceStats.Summary s, PrintWriter out) {
            out.printf("trace %s%n", source());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "records", s.records());
            for (TraceStats.Kind k : TraceStats.Kind.values()) {
                long n = s.counts()[k.ordinal()];
                if (n > 0) {
                    out.printf(Locale.ROOT, "    %-24s %,15d%n", k.name(), n);
                }
            }
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "objects allocated", s.objects());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "bytes allocated", s.bytesAllocated());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "largest object (bytes)", s.maxObjectBytes());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "reference slots", s.refSlots());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "threads", s.threads());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "reachable objects at end", s.reachableObjects());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "reachable bytes at end", s.reachableBytes());
            out.printf(Locale.ROOT, "  %-26s %,15d%n", "maximum live bytes", s.maxLive().bytes());
            out.printf(Locale.ROOT, "    %-24s %,15d%n", "at allocation", s.maxLive().allocation());
            out.printf(Locale.ROOT, "    %-24s %,15d%n", "at bytes allocated", s.maxLive().bytesAllocatedBefore());
            out.flush();
        }

        private String source() {
            return from == null ? file.toString() : file + " (" + from + ")";
        }

        private void json(TraceStats.Summary s, PrintWriter out) throws IOException {
            try (JsonGenerator g = Json.pretty(out)) {
                g.writeStartObject();
                g.writeStringField("trace", file.toString());
                g.writeStringField("format", from == null ? "jmmtk" : from.name());
                g.writeNumberField("records", s.records());
                g.writeObjectFieldStart("recordCounts");
                for (TraceStats.Kind k : TraceStats.Kind.values()) {
                    g.writeNumberField(k.name(), s.counts()[k.ordinal()]);
                }
                g.writeEndObject();
                g.writeNumberField("objects", s.objects());
                g.writeNumberField("bytesAllocated", s.bytesAllocated());
                g.writeNumberField("maxObjectBytes", s.maxObjectBytes());
                g.writeNumberField("refSlots", s.refSlots());
                g.writeNumberField("threads", s.threads());
                g.writeNumberField("reachableObjects", s.reachableObjects());
                g.writeNumberField("reachableBytes", s.reachableBytes());
                g.writeNumberField("maxLiveBytes", s.maxLive().bytes());
                g.writeNumberField("maxLiveAtAllocation", s.maxLive().allocation());
                g.writeNumberField("maxLiveAtBytesAllocated", s.maxLive().bytesAllocatedBefore());
                g.writeEndObject();
            }
            out.println();
            out.flush();
        }
    }
}
