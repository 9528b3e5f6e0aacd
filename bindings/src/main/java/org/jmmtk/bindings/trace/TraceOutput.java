package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.zip.CRC32C;

/**
 * The bytes a trace writer produces, through a 64 KiB buffer, with what its end record needs: the
 * CRC-32C of everything written (checksummed a buffer at a time, nothing per byte) and the counts of
 * records, objects and bytes allocated. I/O errors are {@link UncheckedIOException}s, as
 * {@link TraceEvents} methods cannot throw checked ones. Used by the one thread that writes.
 */
final class TraceOutput implements ByteSink {
    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    /** Bytes of the buffer before this index are in {@link #crc}. */
    private int summed;
    private final CRC32C crc = new CRC32C();
    private long records;
    private long objects;
    private long bytesAllocated;
    private boolean finished;

    TraceOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void put(int b) {
        if (position == buffer.length) {
            drain();
        }
        buffer[position++] = (byte) b;
    }

    void put(byte[] bytes) {
        for (byte b : bytes) {
            put(b);
        }
    }

    /** Counts a record about to be written. */
    void record() {
        records++;
    }

    /** Counts an allocation record of {@code bytes} bytes about to be written. */
    void alloc(long bytes) {
        records++;
        objects++;
        bytesAllocated += bytes;
    }

    /** The end record for everything written so far. */
    private EndRecord end() {
        crc.update(buffer, summed, position - summed);
        summed = position;
        return new EndRecord(records, objects, bytesAllocated, (int) crc.getValue());
    }

    /** Writes the end record, in binary or text, and closes the stream; does nothing the second time. */
    void finish(boolean binary) throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        EndRecord end = end();
        try {
            put(binary ? end.binary() : end.text());
        } finally {
            close();
        }
    }

    /** Closes the stream without an end record (an excerpt); does nothing the second time. */
    void finishWithoutEnd() throws IOException {
        if (!finished) {
            finished = true;
            close();
        }
    }

    private void drain() {
        crc.update(buffer, summed, position - summed);
        try {
            out.write(buffer, 0, position);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        position = 0;
        summed = 0;
    }

    private void close() throws IOException {
        try {
            drain();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            out.close();
        }
    }
}
