package org.jmmtk.tools.validate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jmmtk.tools.record.ProgramEnvironment;
import org.jmmtk.tools.record.RecordCommand;
import picocli.CommandLine;

/**
 * Records the program for {@code validate} with {@code jmmtk record} (the very command, run in-process
 * through the root command line, which records with uncompressed oops and class pointers): in about
 * HotSpot's heap ({@link Geometry#recordingOptions}; or, when HotSpot's run had full collections, in a
 * young generation it does not fill with a full collection forced at each of HotSpot's: {@link
 * ForcedCollections}) unless the program's own options choose its heap or collector, and, when the recorder does not fit there, once more with {@code record}'s own heap. Each
 * attempt's program output goes to files in validate's work folder and {@code record}'s messages to a
 * buffer; only the attempt kept (the last) is passed through: the program's standard output to
 * validate's standard output, its standard error and then {@code record}'s messages to validate's standard
 * error. So a failed attempt (the JVM's out-of-memory lines, what the program printed before it ran
 * out) leaves nothing but validate's one line saying it recorded again. Every attempt reads the same
 * standard input when it can be rewound ({@link StandardInput}). Used by the command's thread.
 */
final class ProgramRecorder {
    private final CommandLine record;
    private final Path work;
    private final StandardInput input;
    private final PrintWriter out;
    private final PrintWriter err;
    private int attempts;

    /** A recorder running {@code record}'s command line, keeping each attempt's output under {@code work}. */
    ProgramRecorder(CommandLine record, Path work, StandardInput input, PrintWriter out, PrintWriter err) {
        this.record = record;
        this.work = work;
        this.input = input;
        this.out = out;
        this.err = err;
    }

    /** What recording the program gave: {@code record}'s exit code and coverage (NaN when unknown). */
    record Recording(int status, double coverage) {
    }

    /** One attempt: its result, whether the recorder ran out of memory, and where its output waits. */
    private record Attempt(Recording recording, boolean outOfMemory, Path programOut, Path programErr,
                           String messages) {
    }

    /**
     * Records {@code command} (the program's command line) into {@code trace}, for a comparison in heap {@code
     * g}; with {@code forced}'s full collections (null or none: the recorded JVM's own) when its heap fits.
     */
    Recording record(Path trace, List<String> command, Geometry g, ForcedCollections forced) throws IOException {
        long physical = RecordCommand.physicalMemory();
        HeapChoice choice = heapChoice(g, forced, RecordCommand.choosesHeap(command, ProgramEnvironment.current()), physical);
        if (!choice.note().isEmpty()) {
            err.println(choice.note());
        }
        String points = choice.points();
        List<String> heapOptions = choice.options();
        List<String> sized = recordedCommand(command, heapOptions, g.recordingHeapBytes(), ProgramEnvironment.current(), physical);
        if (sized.equals(command)) {
            return passThrough(attempt(trace, command, ""));
        }
        String options = String.join(" ", heapOptions);
        err.println("validate: recording the program with " + options + (points.isEmpty() ? ""
                : ", and a full collection where HotSpot's run had one: after " + forced.describe()
                + " of the program's allocation"));
        err.flush();
        Attempt sizedAttempt = attempt(trace, sized, points);
        if (!sizedAttempt.outOfMemory()) {
            return passThrough(sizedAttempt);
        }
        err.println("validate: the recorder ran out of memory in " + options + "; recording the program again with "
                + "record's own heap (its collections, and so what its weak references see, then differ from HotSpot's "
                + "run)" + (input.rewindable() ? "" : "; standard input cannot be rewound: this recording reads what "
                + "the first left of it"));
        err.flush();
        return passThrough(attempt(trace, command, ""));
    }

    /** The recorded JVM's heap options, {@code record --collect-at}'s value (empty: none), and what to say about the choice (empty: nothing). */
    record HeapChoice(List<String> options, String points, String note) {
    }

    /**
     * The heap to record in: {@code forced}'s, with its points, when it has any, the program's options ({@code
     * ownHeap}) leave the heap to validate and that heap is at most a quarter of the machine's {@code
     * physicalBytes}; else {@link Geometry#recordingOptions} (saying why when the heap is what is too large).
     */
    static HeapChoice heapChoice(Geometry g, ForcedCollections forced, boolean ownHeap, long physicalBytes) {
        if (forced == null || !forced.any() || ownHeap) {
            return new HeapChoice(g.recordingOptions(), "", "");
        }
        if (forced.heapBytes(g) > physicalBytes / 4) {
            return new HeapChoice(g.recordingOptions(), "", "validate: a heap for the program's collections at HotSpot's "
                    + "points (" + (forced.heapBytes(g) >> 20) + " MB) is more than a quarter of this machine's memory; "
                    + "recording without them");
        }
        return new HeapChoice(forced.recordingOptions(g), forced.option(), "");
    }

    /**
     * The command {@code record} runs: the program's with {@link Geometry#recordingOptions} after the launcher; the
     * program's own when its options ({@code environment}'s option variables included) choose its heap or
     * collector, or when {@link Geometry#recordingHeapBytes} is larger than the JVM's default maximum heap on a
     * machine of {@code physicalBytes} (a quarter of it: more is not validate's to take).
     */
    static List<String> recordedCommand(List<String> command, Geometry g, Map<String, String> environment,
                                        long physicalBytes) {
        return recordedCommand(command, g.recordingOptions(), g.recordingHeapBytes(), environment, physicalBytes);
    }

    /** {@link #recordedCommand(List, Geometry, Map, long)} with other heap options than the geometry's. */
    static List<String> recordedCommand(List<String> command, List<String> heapOptions, long heapBytes,
                                        Map<String, String> environment, long physicalBytes) {
        if (RecordCommand.choosesHeap(command, environment) || heapBytes > physicalBytes / 4) {
            return command;
        }
        List<String> sized = new ArrayList<>(command);
        sized.addAll(1, heapOptions);
        return sized;
    }

    /** One recording; {@code points}: {@code record --collect-at}'s value (empty: none). */
    private Attempt attempt(Path trace, List<String> program, String points) {
        attempts++;
        Path programOut = work.resolve("recorded-" + attempts + ".out");
        Path programErr = work.resolve("recorded-" + attempts + ".err");
        StringWriter messages = new StringWriter();
        RecordCommand recorder = record.getCommand();
        PrintWriter recordErr = record.getErr();
        recorder.programOutput(programOut, programErr);
        record.setErr(new PrintWriter(messages, true));
        input.rewind();
        try {
            List<String> args = new ArrayList<>(List.of("-o", trace.toString(), "--binary"));
            if (!points.isEmpty()) {
                args.addAll(List.of("--collect-at", points));
            }
            args.add("--");
            args.addAll(program);
            int status = record.execute(args.toArray(new String[0]));
            return new Attempt(new Recording(status, recorder.coverage().orElse(Double.NaN)), recorder.ranOutOfMemory(),
                    programOut, programErr, messages.toString());
        } finally {
            record.setErr(recordErr);
            recorder.programOutput(null, null);
        }
    }

    /** Shows what the kept attempt printed, and gives its result. */
    private Recording passThrough(Attempt a) throws IOException {
        copy(a.programOut(), out);
        copy(a.programErr(), err);
        err.print(a.messages());
        err.flush();
        return a.recording();
    }

    /** Copies a file the program wrote (none when it did not start). */
    private static void copy(Path file, PrintWriter to) throws IOException {
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                in.transferTo(to);
            }
        }
        to.flush();
    }
}
