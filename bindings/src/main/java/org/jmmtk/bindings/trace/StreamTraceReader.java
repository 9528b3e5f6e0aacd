package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads a trace in per-thread streams ({@link StreamTraceWriter}) and hands its records to a consumer in
 * trace order: its segments ({@link StreamSegments}) through a {@link StreamCursor} that takes every
 * stream, merging each segment's chunks by record number (each chunk decoded by a decoder of its
 * own). Checks the layout (segments in order, every record number of a segment in exactly one chunk,
 * chunks used up) and the end record as the binary reader does. Errors name the file and the record
 * number ({@code file: record N}), or the byte offset of a damaged segment. A parallel replay reads
 * such a file otherwise: each mutator thread with a cursor of its own. Used by one thread.
 */
final class StreamTraceReader extends FileTraceSource {
    private StreamCursor cursor;

    StreamTraceReader(Path file) throws IOException {
        super(file);
    }

    @Override
    protected void read(InputStream input, TraceEvents out) throws IOException {
        cursor = null;
        StreamSegments segments = new StreamSegments(input, file.toString(), 1, (ordinal, stream) -> { });
        version = TraceFormat.VERSION;
        StreamCursor c = StreamCursor.whole(segments);
        cursor = c;
        while (c.advance()) {
            c.decode(out);
        }
        cursor = null;
        atEnd = true;
        segments.checkEnd(c.objects(), c.bytesAllocated());
    }

    @Override
    protected String position() {
        StreamCursor c = cursor;
        return c != null && c.started() ? "record " + c.record() : "the start of a segment";
    }
}
