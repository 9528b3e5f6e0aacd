package org.jmmtk.bindings.trace;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Constants of trace format version 2 and how to open trace files: text or binary, each optionally
 * gzipped, told apart by their first bytes (not their names). Version 1 files (no end record) still
 * open, with one warning per file and process on standard error. See {@code docs/trace-format.md}.
 * Any thread may open a trace.
 */
public final class TraceFormat {
    /** The version writers write. */
    public static final int VERSION = 2;
    /** The oldest version readers read: it has no end record, so truncation cannot be detected. */
    public static final int VERSION_1 = 1;
    /** First line of a text trace. */
    public static final String TEXT_HEADER = "#jmmtk-trace " + VERSION;
    /** First line of a version-1 text trace. */
    static final String TEXT_HEADER_V1 = "#jmmtk-trace " + VERSION_1;
    /** First bytes of a binary trace, followed by the version byte. */
    public static final byte[] BINARY_MAGIC = {'J', 'M', 'T', 'B'};
    /** First bytes of a binary trace in per-thread streams ({@link StreamTraceWriter}), followed by the version byte. */
    public static final byte[] STREAMS_MAGIC = {'J', 'M', 'T', 'S'};
    /** Largest root slot index (per thread, and for globals). */
    public static final int MAX_ROOT_SLOT = (1 << 20) - 1;
    /**
     * The first global root slot of those that hold a reference the trace cannot place (from here to
     * {@link #MAX_ROOT_SLOT}: {@code record}'s pins). Roots like any other; a plan that moves objects in
     * the order HotSpot finds them visits them after what the other roots reach (docs/trace-format.md).
     */
    public static final int FIRST_PIN_SLOT = 1 << 18;
    /** The letter of the thread-end record ({@code X <thread>}). */
    public static final char THREAD_END = 'X';
    /** Most distinct threads a trace may have (a replay gives each its own root area). */
    public static final int MAX_THREADS = 1023;
    /** Longest line of a text trace, in bytes without its terminator (1 MiB); longer lines are rejected. */
    public static final int MAX_LINE_BYTES = 1 << 20;

    /** Files warned about as version 1 in this process, so that a command replaying one often warns once. */
    private static final Set<Path> WARNED = ConcurrentHashMap.newKeySet();

    private TraceFormat() {
    }

    /**
     * Opens {@code file} as a trace source of either form; warns on standard error (once per file in this
     * process) when it is a version-1 trace, whose truncation cannot be detected.
     */
    public static TraceSource open(Path file) throws IOException {
        requireRegularFile(file, "trace file");
        boolean binary;
        boolean streams;
        int version;
        try (InputStream in = decompressed(file)) {
            byte[] head = in.readNBytes(256);
            streams = startsWith(head, STREAMS_MAGIC);
            binary = streams || startsWith(head, BINARY_MAGIC);
            version = binary ? (head.length > BINARY_MAGIC.length ? head[BINARY_MAGIC.length] : -1)
                    : textVersion(new String(head, StandardCharsets.UTF_8).lines().findFirst().orElse(""));
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw corrupt(file, e);
        }
        if (version == VERSION_1 && WARNED.add(file.toAbsolutePath().normalize())) {
            System.err.println("jmmtk: warning: " + file + " is a version 1 trace, which has no end record: a truncated "
                    + "copy cannot be detected (rewrite it as version 2: jmmtk trace convert " + file + " -o NEW)");
        }
        return streams ? new StreamTraceReader(file) : binary ? new BinaryTraceReader(file) : new TextTraceReader(file);
    }

    /** Whether {@code head} starts with {@code magic}. */
    static boolean startsWith(byte[] head, byte[] magic) {
        return head.length >= magic.length && Arrays.equals(head, 0, magic.length, magic, 0, magic.length);
    }

    /**
     * The version a text trace's first line declares: 1 or 2 for {@code #jmmtk-trace 1} or
     * {@code #jmmtk-trace 2} (blanks and a trailing comment allowed), 0 for another
     * {@code #jmmtk-trace} version, -1 if the line is not a header.
     */
    static int textVersion(String firstLine) {
        String first = firstLine.strip();
        int comment = first.indexOf('#', 1);
        if (comment > 0) {
            first = first.substring(0, comment).strip();
        }
        if (first.equals(TEXT_HEADER)) {
            return VERSION;
        }
        if (first.equals(TEXT_HEADER_V1)) {
            return VERSION_1;
        }
        return first.startsWith("#jmmtk-trace ") ? 0 : -1;
    }

    /**
     * Rejects, as a {@link TraceException} naming the file, an input that does not exist ("no such
     * {@code what}") or is not a regular file (a directory, device or pipe is never read).
     */
    public static void requireRegularFile(Path file, String what) {
        if (!Files.isRegularFile(file)) {
            throw new TraceException(file.toString(), Files.exists(file)
                    ? "not a regular file (a " + what + " must be one)" : "no such " + what);
        }
    }

    /** A gzip stream that cannot be read, as bad input naming the file. */
    static TraceException corrupt(Path file, IOException e) {
        return new TraceException(file.toString(), "corrupt compressed data (" + e.getMessage() + ")");
    }

    /** The file's bytes, gunzipped if they start with the gzip magic number. */
    static InputStream decompressed(Path file) throws IOException {
        return decompressed(Files.newInputStream(file));
    }

    static InputStream decompressed(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
        }
        return in;
    }

    /** A buffered output stream for {@code file}, gzipped when its name ends in {@code .gz}. */
    static OutputStream create(Path file) throws IOException {
        OutputStream out = Files.newOutputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            out = new GZIPOutputStream(out, 1 << 16);
        }
        return new BufferedOutputStream(out, 1 << 16);
    }
}
