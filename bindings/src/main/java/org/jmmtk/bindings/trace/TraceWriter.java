package org.jmmtk.bindings.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes trace events to a file in one of the two forms of format 2; {@link #close} adds the end record
 * (counts and checksum), so a trace is complete only once its writer is closed. Used by one thread.
 */
public interface TraceWriter extends TraceEvents, Closeable {
    /** A writer for {@code file}: binary or text, gzipped when the name ends in {@code .gz}. */
    static TraceWriter create(Path file, boolean binary) throws IOException {
        return binary ? new BinaryTraceWriter(file) : new TextTraceWriter(file);
    }
}
