package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Writes trace events in the text form of format 2 (gzipped when the file name ends in {@code .gz}),
 * with the end record when closed. Used by one thread.
 */
public final class TextTraceWriter implements TraceWriter {
    private final TraceOutput out;
    private final byte[] digits = new byte[20];
    private final boolean whole;

    public TextTraceWriter(Path file) throws IOException {
        this(TraceFormat.create(file));
    }

    public TextTraceWriter(OutputStream out) throws IOException {
        this(out, true);
    }

    private TextTraceWriter(OutputStream out, boolean whole) {
        this.out = new TraceOutput(out);
        this.whole = whole;
        if (whole) {
            this.out.put((TraceFormat.TEXT_HEADER + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * A writer of an excerpt: the records' lines exactly as a whole trace has them, without the header line
     * or the end record (so not a trace one can replay), e.g. for {@code jmmtk trace dump --from}.
     */
    public static TextTraceWriter excerpt(OutputStream out) {
        return new TextTraceWriter(out, false);
    }

    @Override
    public void type(int typeId, String name) {
        out.record();
        out.put('T');
        number(typeId);
        out.put(' ');
        out.put(name.replace('\n', ' ').replace('#', '_').getBytes(StandardCharsets.UTF_8));
        out.put('\n');
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        out.record();
        out.put('K');
        number(typeId);
        number(slot);
        out.put('\n');
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        out.alloc(bytes);
        out.put('A');
        number(thread);
        number(object);
        number(bytes);
        number(refSlots);
        if (typeId != 0) {
            number(typeId);
        }
        out.put('\n');
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        out.record();
        out.put('W');
        number(thread);
        number(source);
        number(slot);
        number(target);
        out.put('\n');
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        out.record();
        out.put('R');
        number(thread);
        number(rootSlot);
        number(target);
        out.put('\n');
    }

    @Override
    public void global(int rootSlot, long target) {
        out.record();
        out.put('G');
        number(rootSlot);
        number(target);
        out.put('\n');
    }

    @Override
    public void death(long object) {
        out.record();
        out.put('D');
        number(object);
        out.put('\n');
    }

    @Override
    public void perfectPoint() {
        out.record();
        out.put('P');
        out.put('\n');
    }

    @Override
    public void collect() {
        out.record();
        out.put('C');
        out.put('\n');
    }

    @Override
    public void threadEnd(int thread) {
        out.record();
        out.put(TraceFormat.THREAD_END);
        number(thread);
        out.put('\n');
    }

    private void number(long value) {
        out.put(' ');
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value != 0);
        while (n > 0) {
            out.put(digits[--n]);
        }
    }

    /** Writes the end record (not for an excerpt) and closes the file (once; closing again does nothing). */
    @Override
    public void close() throws IOException {
        if (whole) {
            out.finish(false);
        } else {
            out.finishWithoutEnd();
        }
    }
}
