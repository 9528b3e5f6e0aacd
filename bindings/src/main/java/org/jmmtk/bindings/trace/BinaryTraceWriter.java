package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Writes trace events in the binary form of format 1 (gzipped when the file name ends in {@code .gz}). */
public final class BinaryTraceWriter implements TraceWriter {
    private final OutputStream out;

    public BinaryTraceWriter(Path file) throws IOException {
        this(TraceFormat.create(file));
    }

    public BinaryTraceWriter(OutputStream out) throws IOException {
        this.out = out;
        out.write(TraceFormat.BINARY_MAGIC);
        out.write(TraceFormat.VERSION);
    }

    @Override
    public void type(int typeId, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        put('T');
        varint(typeId);
        varint(bytes.length);
        for (byte b : bytes) {
            put(b);
        }
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        put('A');
        varint(thread);
        varint(object);
        varint(bytes);
        varint(refSlots);
        varint(typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        put('W');
        varint(thread);
        varint(source);
        varint(slot);
        varint(target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        put('R');
        varint(thread);
        varint(rootSlot);
        varint(target);
    }

    @Override
    public void global(int rootSlot, long target) {
        put('G');
        varint(rootSlot);
        varint(target);
    }

    @Override
    public void death(long object) {
        put('D');
        varint(object);
    }

    @Override
    public void perfectPoint() {
        put('P');
    }

    @Override
    public void collect() {
        put('C');
    }

    private void put(int b) {
        try {
            out.write(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void varint(long value) {
        while ((value & ~0x7fL) != 0) {
            put((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        put((int) value);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
