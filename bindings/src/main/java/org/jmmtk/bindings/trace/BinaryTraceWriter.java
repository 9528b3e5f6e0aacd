package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        out.record();
        out.put('T');
        varint(typeId);
        varint(bytes.length);
        out.put(bytes);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        out.alloc(bytes);
        out.put('A');
        varint(thread);
        varint(object);
        varint(bytes);
        varint(refSlots);
        varint(typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        out.record();
        out.put('W');
        varint(thread);
        varint(source);
        varint(slot);
        varint(target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        out.record();
        out.put('R');
        varint(thread);
        varint(rootSlot);
        varint(target);
    }

    @Override
    public void global(int rootSlot, long target) {
        out.record();
        out.put('G');
        varint(rootSlot);
        varint(target);
    }

    @Override
    public void death(long object) {
        out.record();
        out.put('D');
        varint(object);
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

    private void varint(long value) {
        while ((value & ~0x7fL) != 0) {
            out.put((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.put((int) value);
    }

    /** Writes the end record and closes the file (once; closing again does nothing). */
    @Override
    public void close() throws IOException {
        out.finish(true);
    }
}
