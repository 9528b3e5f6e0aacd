package org.jmmtk.tools.trace;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.WorkloadOptions;
import org.jmmtk.tools.output.Json;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.output.Progress;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.elephanttracks.Et1Reader;
import org.jmmtk.bindings.elephanttracks.Et2Reader;
import org.jmmtk.bindings.garcosim.GarCoSimReader;
import org.jmmtk.bindings.trace.MaxLiveCache;
import org.jmmtk.bindings.trace.StreamingShadowHeap;
import org.jmmtk.bindings.trace.ConcurrentTee;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TeeEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TextTraceWriter;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.bindings.trace.StreamTraceWriter;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.bindings.trace.TypeStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code jmmtk trace gen|import|convert|stats|dump}: write workloads as traces, import foreign traces, rewrite
 * traces in another encoding or the current version, summarise traces, print them as text.
 */
@Command(name = "trace", description = "Write, import, convert, summarise and print traces.",
        subcommands = {TraceCommand.Gen.class, TraceCommand.Import.class, TraceCommand.Convert.class,
                TraceCommand.Stats.class, TraceCommand.Dump.class})
public final class TraceCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: gen, import, convert, stats or dump");
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
    public static final class Output {
        @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
                description = "The jmmtk trace to write (.gz to compress).")
        Path file;

        @Option(names = "--binary", description = "Write the binary form instead of text.")
        boolean binary;

        @Option(names = "--streams", description = "Write the binary form in per-thread streams: each trace "
                + "thread's records in chunks of their own, numbered in trace order (docs/trace-format.md).")
        boolean streams;

        /** The trace to write. */
        public Path file() {
            return file;
        }

        /** A writer of the chosen encoding and layout for {@code file} (the output's temporary file). */
        public TraceWriter writer(Path file) throws IOException {
            return streams ? new StreamTraceWriter(file) : TraceWriter.create(file, binary);
        }

        /** Whether it is written in the binary encoding (either layout). */
        public boolean binary() {
            return binary || streams;
        }

        /**
         * Writes {@code source} to the file through an {@link OutputFile} (never over {@code input}), then says so in
         * one line on {@code stdout} (null: the caller says it); with {@code check}, every event is first checked as a replay would check it (by
         * a streaming {@link ShadowHeap}).
         */
        public void write(TraceSource source, String label, Path input, boolean check, PrintWriter stdout) throws IOException {
            write(source, label, input, stdout,
                    writer -> source.replay(check ? new TeeEvents(new StreamingShadowHeap(), writer) : writer));
        }

        /**
         * Writes {@code source} as {@link #write} does with its check, the check and the writer each on a
         * thread of its own ({@link ConcurrentTee#pipeline}; the writer sees an event only after the check
         * passed it): for a source that adds no context of its own to the checker's errors and that is
         * itself a large part of the work ({@code record}'s post-pass, whose reading of the log and frame
         * slots took as long as the check and the writer together).
         */
        public void writeCheckedAside(TraceSource source, String label) throws IOException {
            write(source, label, null, null, writer -> ConcurrentTee.pipeline(source,
                    List.of(new StreamingShadowHeap(), writer), new IgnoringEvents() { }));
        }

        /** What {@link #write} does with the writer of the output's temporary file. */
        private interface Replay {
            void into(TraceWriter writer) throws IOException;
        }

        private void write(TraceSource source, String label, Path input, PrintWriter stdout, Replay replay) throws IOException {
            try (OutputFile out = OutputFile.create(file, input)) {
                try (TraceWriter writer = writer(out.temp());
                     Progress progress = Progress.start(label, source::progress)) {
                    replay.into(writer);
                } catch (UncheckedIOException e) {
                    throw OutputFile.named(file, e.getCause());
                }
                out.commit();
            }
            if (stdout != null) {
                stdout.printf(Locale.ROOT, "wrote %s: %s trace of %s, %,d bytes%n", file,
                        streams ? "per-thread stream" : binary ? "binary" : "text",
                        source.describe(), Files.size(file));
                stdout.flush();
            }
        }
    }

    @Command(name = "gen", description = "Write a built-in workload out as a trace.")
    static final class Gen implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "WORKLOAD", description = "See 'jmmtk workloads'.")
        String workload;

        @Mixin
        Output output;

        @Mixin
        WorkloadOptions workloadOptions;

        @Override
        public Integer call() throws IOException {
            output.write(workloadOptions.create(workload), "writing " + output.file, null, false,
                    spec.commandLine().getOut());
            return ExitCodes.OK;
        }
    }

    @Command(name = "import", description = "Convert a foreign trace into a jmmtk trace.")
    static final class Import implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--from", paramLabel = "FORMAT", required = true, description = "Input format: ${COMPLETION-CANDIDATES}.")
        Foreign from;

        @Parameters(paramLabel = "IN", description = "The foreign trace.")
        Path input;

        @Mixin
        Output output;

        @Override
        public Integer call() throws IOException {
            output.write(foreign(from, input), "importing " + input, input, true, spec.commandLine().getOut());
            return ExitCodes.OK;
        }
    }

    @Command(name = "convert", description = "Rewrite a jmmtk trace (version 1 or 2, any encoding) as a version-2 "
            + "trace: text, binary with --binary, or binary in per-thread streams with --streams.")
    static final class Convert implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "IN", description = "A jmmtk trace.")
        Path input;

        @Mixin
        Output output;

        @Override
        public Integer call() throws IOException {
            output.write(TraceFormat.open(input), "converting " + input, input, false, spec.commandLine().getOut());
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

        @Option(names = "--by-type", description = "Also the objects, bytes, mean size and maximum live size of each "
                + "type the trace's T records name, most bytes first (a type's maximum live size is its own maximum "
                + "over time; see docs/trace-format.md).")
        boolean byType;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            TraceSource source = from == null ? TraceFormat.open(file) : foreign(from, file);
            TraceStats stats = byType ? new TraceStats().byType() : new TraceStats();
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
            if (byType) {
                out.printf(Locale.ROOT, "%n  %-40s %14s %16s %10s %16s%n", "type", "objects", "bytes", "mean size",
                        "max live bytes");
                for (TypeStats.Row t : s.types()) {
                    out.printf(Locale.ROOT, "  %-40s %,14d %,16d %10.1f %,16d%n", t.name(), t.objects(), t.bytes(),
                            t.meanBytes(), t.maxLiveBytes());
                }
            }
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
                    // K and X only when present: traces without weak slots or thread ends keep the report they had
                    if (k != TraceStats.Kind.K && k != TraceStats.Kind.X || s.counts()[k.ordinal()] > 0) {
                        g.writeNumberField(k.name(), s.counts()[k.ordinal()]);
                    }
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
                if (byType) {
                    g.writeArrayFieldStart("types");
                    for (TypeStats.Row t : s.types()) {
                        g.writeStartObject();
                        g.writeNumberField("typeId", t.typeId());
                        g.writeStringField("name", t.name());
                        g.writeNumberField("objects", t.objects());
                        g.writeNumberField("bytes", t.bytes());
                        g.writeNumberField("meanBytes", t.meanBytes());
                        g.writeNumberField("maxLiveBytes", t.maxLiveBytes());
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                }
                g.writeEndObject();
            }
            out.println();
            out.flush();
        }
    }
    @Command(name = "dump", description = {"Print a jmmtk trace (text or binary, gzipped or not, version 1 or 2, "
            + "imported or recorded) as the text format, exactly as 'trace convert' would write it; --from and "
            + "--count print an excerpt of its records (without header or end record), --object one object's "
            + "history with the record numbers (docs/trace-format.md)."})
    static final class Dump implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "A jmmtk trace.")
        Path file;

        @Option(names = "--from", paramLabel = "N", description = "The first record to print, counted from 1 "
                + "in file order (the header and end record are not records).")
        Long from;

        @Option(names = "--count", paramLabel = "N", description = "How many records to print (default: to the end).")
        Long count;

        @Option(names = "--object", paramLabel = "ID", description = "Print object ID's history instead: its type "
                + "record, its allocation, every store into it and of it, its death record; each line after its record "
                + "number. An id the trace never allocates is an error.")
        Long object;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            if (from != null && from < 1 || count != null && count < 0) {
                throw new UsageException("--from counts records from 1 and --count must not be negative");
            }
            if (object != null && (from != null || count != null)) {
                throw new UsageException("--object prints the object's whole history; drop --from and --count");
            }
            if (object != null && object < 1) {
                throw new UsageException("--object takes an object id, a positive number; got " + object);
            }
            TraceSource source = TraceFormat.open(file);
            if (object != null) {
                return object(source);
            }
            boolean whole = from == null && count == null;
            OutputStream stdout = new FilterOutputStream(System.out) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            spec.commandLine().getOut().flush();
            TextTraceWriter writer = whole ? new TextTraceWriter(stdout) : TextTraceWriter.excerpt(stdout);
            replay(source, TraceDump.range(writer, from == null ? 1 : from, count == null ? Long.MAX_VALUE : count));
            // closed only once the whole trace was read: a trace that fails to read gets no end record,
            // so a redirected dump of it is never a valid (shorter) trace
            writer.close();
            return ExitCodes.OK;
        }

        private Integer object(TraceSource source) throws IOException {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            TraceDump dump;
            try (TextTraceWriter writer = TextTraceWriter.excerpt(text)) {
                dump = TraceDump.object(writer, object);
                replay(source, dump);
            }
            if (!dump.allocated()) {
                throw new UsageException(file + ": the trace never allocates object " + object);
            }
            long[] numbers = dump.numbers();
            List<String> lines = text.toString(StandardCharsets.UTF_8).lines().toList();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "object %d in %s: %d record%s%n", object, file, lines.size(),
                    lines.size() == 1 ? "" : "s");
            for (int i = 0; i < lines.size(); i++) {
                out.printf(Locale.ROOT, "%12d  %s%n", numbers[i], lines.get(i));
            }
            out.flush();
            return ExitCodes.OK;
        }

        private void replay(TraceSource source, TraceDump dump) throws IOException {
            try {
                source.replay(dump);
            } catch (TraceDump.Done done) {
                // the last record wanted has passed: the rest of the trace is not read
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }
}
