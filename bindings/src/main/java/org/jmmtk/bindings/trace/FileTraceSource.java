package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A trace source backed by a file: opens it (gunzipping if needed), counts raw bytes for
 * {@link #progress}, and adds the record's location to any {@link TraceException} a consumer throws.
 */
abstract class FileTraceSource implements TraceSource {
    protected final Path file;
    private final long fileSize;
    private CountingInputStream raw;

    FileTraceSource(Path file) throws IOException {
        this.file = file;
        this.fileSize = Math.max(1, Files.size(file));
    }

    @Override
    public final void replay(TraceEvents out) throws IOException {
        raw = new CountingInputStream(Files.newInputStream(file));
        try (InputStream in = TraceFormat.decompressed(raw)) {
            read(in, out);
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw TraceFormat.corrupt(file, e);
        }
    }

    /** Parses every record of {@code in} and dispatches it to {@code out}. */
    protected abstract void read(InputStream in, TraceEvents out) throws IOException;

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
