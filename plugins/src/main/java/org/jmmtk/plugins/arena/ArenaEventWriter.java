package org.jmmtk.plugins.arena;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * Writes arena events as the binary file of {@link ArenaFormat}. {@link #finish} writes the closing
 * {@code END} record with the file's checksum and flushes; the caller owns (and closes) the stream. Write errors surface as
 * {@link UncheckedIOException}. One thread at a time.
 */
public final class ArenaEventWriter implements ArenaEvents {
    private final OutputStream out;
    private final CRC32C crc = new CRC32C();
    private long records;
    private boolean finished;

    public ArenaEventWriter(OutputStream out) {
        // The checksum sits under the buffer so it is updated a buffer at a time, not per byte.
        this.out = new BufferedOutputStream(new CheckedOutputStream(out, crc), 1 << 16);
        try {
            this.out.write(ArenaFormat.MAGIC);
            varint(ArenaFormat.VERSION);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void newArena(int arena, String name) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > ArenaFormat.MAX_NAME_BYTES) {
            throw new IllegalArgumentException("arena name longer than " + ArenaFormat.MAX_NAME_BYTES + " bytes");
        }
        try {
            tag(ArenaFormat.NEW_ARENA);
            varint(arena);
            varint(utf8.length);
            out.write(utf8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void deleteArena(int arena) {
        record(ArenaFormat.DELETE_ARENA, arena);
    }

    @Override
    public void newObject(int arena, long object, int classId, long size) {
        try {
            tag(ArenaFormat.NEW_OBJECT);
            varint(arena);
            varint(object);
            varint(classId);
            varint(size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void deleteObject(long object) {
        record(ArenaFormat.DELETE_OBJECT, object);
    }

    @Override
    public void moveObject(int oldArena, long oldObject, int newArena, long newObject) {
        try {
            tag(ArenaFormat.MOVE_OBJECT);
            varint(oldArena);
            varint(oldObject);
            varint(newArena);
            varint(newObject);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void gcStart(int gc) {
        record(ArenaFormat.GC_START, gc);
    }

    @Override
    public void gcEnd(int gc) {
        record(ArenaFormat.GC_END, gc);
    }

    /** Records written so far (the END record excluded). */
    public long records() {
        return records;
    }

    /** Writes the END record and flushes; later events are an error. */
    public void finish() {
        if (finished) {
            return;
        }
        long n = records;
        record(ArenaFormat.END, n);
        finished = true;
        try {
            out.flush();
            varint(crc.getValue());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void record(int tag, long field) {
        try {
            tag(tag);
            varint(field);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void tag(int tag) throws IOException {
        if (finished) {
            throw new IllegalStateException("arena event after the END record");
        }
        out.write(tag);
        records++;
    }

    private void varint(long v) throws IOException {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
