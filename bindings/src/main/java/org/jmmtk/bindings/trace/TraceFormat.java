package org.jmmtk.bindings.trace;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Constants of trace format version 1 and how to open trace files: text or binary, each optionally
 * gzipped, told apart by their first bytes (not their names). See {@code docs/trace-format.md}.
 */
public final class TraceFormat {
    public static final int VERSION = 1;
    /** First line of a text trace. */
    public static final String TEXT_HEADER = "#jmmtk-trace 1";
    /** First bytes of a binary trace, followed by the version byte. */
    public static final byte[] BINARY_MAGIC = {'J', 'M', 'T', 'B'};
    /** Largest root slot index (per thread, and for globals). */
    public static final int MAX_ROOT_SLOT = (1 << 20) - 1;
    /** Most distinct threads a trace may have (a replay gives each its own root area). */
    public static final int MAX_THREADS = 1023;
    /** Longest line of a text trace, in bytes without its terminator (1 MiB); longer lines are rejected. */
    public static final int MAX_LINE_BYTES = 1 << 20;

    private TraceFormat() {
    }

    /** Opens {@code file} as a trace source of either form. */
    public static TraceSource open(Path file) throws IOException {
        requireRegularFile(file, "trace file");
        try (InputStream in = decompressed(file)) {
            byte[] head = in.readNBytes(BINARY_MAGIC.length);
            if (head.length == BINARY_MAGIC.length && java.util.Arrays.equals(head, BINARY_MAGIC)) {
                return new BinaryTraceReader(file);
            }
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw corrupt(file, e);
        }
        return new TextTraceReader(file);
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
