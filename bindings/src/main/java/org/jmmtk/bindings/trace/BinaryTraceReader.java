package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the binary form of trace format 2 (and 1): the magic {@code JMTB}, a version byte, then
 * records, each an ASCII record letter followed by unsigned LEB128 varints (a type name is a length and
 * UTF-8 bytes), and in version 2 the fixed-size end record last. Errors name the file and the byte
 * offset of the record in the uncompressed stream; a version-2 trace without its end record, or whose
 * end record disagrees with what was read, is an error too.
 */
public final class BinaryTraceReader extends FileTraceSource {
    private ByteInput in;
    private BinaryRecordDecoder decoder;
    private long recordStart;
    private long records;

    public BinaryTraceReader(Path file) throws IOException {
        super(file);
    }

    @Override
    protected void read(InputStream input, TraceEvents out) throws IOException {
        this.in = new ByteInput(input, true);
        this.decoder = new BinaryRecordDecoder(in, this::location);
        recordStart = 0;
        records = 0;
        for (byte m : TraceFormat.BINARY_MAGIC) {
            if (decoder.next() != m) {
                throw error("not a binary jmmtk trace (bad magic)");
            }
        }
        int v = decoder.next();
        if (v != TraceFormat.VERSION && v != TraceFormat.VERSION_1) {
            throw error("unsupported trace version " + v + " (this jmmtk reads versions 1 and 2)");
        }
        version = v;
        for (;;) {
            recordStart = in.consumed();
            in.pin();
            int kind = in.next();
            if (kind < 0) {
                if (version == TraceFormat.VERSION) {
                    atEnd = true;
                    throw new TraceException(file.toString(), "truncated: no end record after record " + records
                            + " (the trace ends at byte " + recordStart + ")");
                }
                return;
            }
            if (kind == EndRecord.LETTER && version == TraceFormat.VERSION) {
                end();
                return;
            }
            try {
                decoder.dispatch((char) kind, out);
            } catch (TraceException e) {
                throw e.at(location());
            }
            records++;
        }
    }

    @Override
    protected String position() {
        return "byte " + recordStart;
    }

    /** Checks the end record that starts at {@link #recordStart} against what was read, then that nothing follows it. */
    private void end() throws IOException {
        atEnd = true;
        BinaryEnd.check(in, records, decoder.objects(), decoder.bytesAllocated(), this::error);
        long first = recordStart;
        recordStart = in.consumed();
        BinaryEnd.nothingAfter(in, first, this::error);
    }

    private String location() {
        return file + ": byte " + recordStart;
    }

    private TraceException error(String reason) {
        return new TraceException(location(), reason);
    }
}
