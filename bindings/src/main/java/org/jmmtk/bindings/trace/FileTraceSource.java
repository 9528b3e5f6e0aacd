package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A trace source backed by a file: opens it (gunzipping if needed), counts raw bytes for
 * {@link #progress}, and adds the record's location to any {@link TraceException} a consumer throws.
 *
 * <p>A version-2 trace that fails before its end record was reached (a record that does not parse, or
 * that the consumer rejects) may fail because it is damaged: a text trace cut inside a line leaves a
 * number with digits missing, which reads as another object. Then the whole file is checked
 * ({@link TraceDamage}), and if it is cut or altered that is the error reported, with the first error
 * in parentheses; an intact file's error stands as it is.
 */
abstract class FileTraceSource implements TraceSource {
    protected final Path file;
    private final long fileSize;
    private CountingInputStream raw;
    /** The version the reader found in the header (0 until then). */
    protected int version;
    /** Set by the reader once it reached the end of the records: errors from then on are about the end itself. */
    protected boolean atEnd;

    FileTraceSource(Path file) throws IOException {
        this.file = file;
        this.fileSize = Math.max(1, Files.size(file));
    }

    @Override
    public final void replay(TraceEvents out) throws IOException {
        raw = new CountingInputStream(Files.newInputStream(file));
        version = 0;
        atEnd = false;
        try (InputStream in = TraceFormat.decompressed(raw)) {
            read(in, out);
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw TraceFormat.corrupt(file, e);
        } catch (TraceException e) {
            throw version == TraceFormat.VERSION && !atEnd ? explained(e) : e;
        }
    }

    /** {@code e}, or the file's damage when it has any (checked by reading the whole file again). */
    private TraceException explained(TraceException e) throws IOException {
        String damage = TraceDamage.of(file);
        if (damage == null) {
            return e;
        }
        return new TraceException(file.toString(), damage + " (replay stopped at " + position() + ": " + e.reason() + ")");
    }

    /** Parses every record of {@code in} and dispatches it to {@code out}. */
    protected abstract void read(InputStream in, TraceEvents out) throws IOException;

    /** Where the reader is, for a message: the line or the byte offset of the current record. */
    protected abstract String position();

    @Override
    public String describe() {
        return file.toString();
    }

    @Override
    public double progress() {
        CountingInputStream r = raw;
        return r == null ? 0 : Math.min(1.0, (double) r.count() / fileSize);
    }
}
