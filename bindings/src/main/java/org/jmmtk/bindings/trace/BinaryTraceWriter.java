package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Writes trace events in the binary form of format 2 (gzipped when the file name ends in {@code .gz}),
 * with the end record when closed. Used by one thread.
 */
public final class BinaryTraceWriter implements TraceWriter {
    private final TraceOutput out;

    public BinaryTraceWriter(Path file) throws IOException {
        this(TraceFormat.create(file));
    }

    public BinaryTraceWriter(OutputStream out) throws IOException {
        this.out = new TraceOutput(out);
        this.out.put(TraceFormat.BINARY_MAGIC);
        this.out.put(TraceFormat.VERSION);
    }

    @Override
    public void type(int typeId, String name) {
        out.record();
        BinaryRecords.type(out, typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        out.record();
        BinaryRecords.weakSlot(out, typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        out.alloc(bytes);
        BinaryRecords.alloc(out, thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        out.record();
        BinaryRecords.write(out, thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        out.record();
        BinaryRecords.root(out, thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        out.record();
        BinaryRecords.global(out, rootSlot, target);
    }

    @Override
    public void death(long object) {
        out.record();
        BinaryRecords.death(out, object);
    }

    @Override
    public void perfectPoint() {
        out.record();
        out.put('P');
    }

    @Override
    public void collect() {
        out.record();
        out.put('C');
    }

    @Override
    public void threadEnd(int thread) {
        out.record();
        BinaryRecords.threadEnd(out, thread);
    }

    /** Writes the end record and closes the file (once; closing again does nothing). */
    @Override
    public void close() throws IOException {
        out.finish(true);
    }
}
