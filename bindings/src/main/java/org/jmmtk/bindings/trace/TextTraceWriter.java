package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Writes trace events in the text form of format 1 (gzipped when the file name ends in {@code .gz}). */
public final class TextTraceWriter implements TraceWriter {
    private final OutputStream out;
    private final byte[] digits = new byte[20];

    public TextTraceWriter(Path file) throws IOException {
        this(TraceFormat.create(file));
    }

    public TextTraceWriter(OutputStream out) throws IOException {
        this.out = out;
        out.write((TraceFormat.TEXT_HEADER + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void type(int typeId, String name) {
        put('T');
        number(typeId);
        put(' ');
        for (byte b : name.replace('\n', ' ').replace('#', '_').getBytes(StandardCharsets.UTF_8)) {
            put(b);
        }
        put('\n');
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        put('A');
        number(thread);
        number(object);
        number(bytes);
        number(refSlots);
        if (typeId != 0) {
            number(typeId);
        }
        put('\n');
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        put('W');
        number(thread);
        number(source);
        number(slot);
        number(target);
        put('\n');
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        put('R');
        number(thread);
        number(rootSlot);
        number(target);
        put('\n');
    }

    @Override
    public void global(int rootSlot, long target) {
        put('G');
        number(rootSlot);
        number(target);
        put('\n');
    }

    @Override
    public void death(long object) {
        put('D');
        number(object);
        put('\n');
    }

    @Override
    public void perfectPoint() {
        put('P');
        put('\n');
    }

    @Override
    public void collect() {
        put('C');
        put('\n');
    }

    private void put(int b) {
        try {
            out.write(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void number(long value) {
        put(' ');
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value != 0);
        while (n > 0) {
            put(digits[--n]);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
