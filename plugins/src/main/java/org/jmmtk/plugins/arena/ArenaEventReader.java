package org.jmmtk.plugins.arena;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;

/**
 * Reads a binary arena event file ({@link ArenaFormat}) and hands each record to an
 * {@link ArenaEvents} consumer, in order. Anything wrong, in the file or in what the consumer makes of
 * a record, is an {@link ArenaFormatException} naming the file, the record's number and byte offset;
 * a file without its END record is truncated and rejected, after its records were dispatched, and so
 * is a file whose checksum (version 2) does not match its bytes.
 */
public final class ArenaEventReader {
    private final InputStream in;
    private final CRC32C crc = new CRC32C();
    private final String source;
    private long offset;
    private long recordOffset;
    private long record;

    private ArenaEventReader(InputStream in, String source) {
        this.in = new CheckedInputStream(new BufferedInputStream(in, 1 << 16), crc);
        this.source = source;
    }

    /** Reads every record of {@code in} (named {@code source} in errors) into {@code out}; returns the number of records. */
    public static long read(InputStream in, String source, ArenaEvents out) throws IOException {
        return new ArenaEventReader(in, source).readAll(out);
    }

    private long readAll(ArenaEvents out) throws IOException {
        for (byte b : ArenaFormat.MAGIC) {
            int c = in.read();
            if (c != (b & 0xFF)) {
                throw ArenaFormatException.at(source, offset, 0, "not a jmmtk arena event file (bad magic bytes)");
            }
            offset++;
        }
        long version;
        try {
            version = varint("version");
        } catch (ArenaFormatException e) {
            throw ArenaFormatException.at(source, ArenaFormat.MAGIC.length, 0, e.reason());
        }
        if (version < 1 || version > ArenaFormat.VERSION) {
            throw ArenaFormatException.at(source, 8, 0, "unsupported version " + version + " (this reader knows 1 to "
                    + ArenaFormat.VERSION + ")");
        }
        boolean checksummed = version >= ArenaFormat.CHECKSUM_SINCE;
        while (true) {
            recordOffset = offset;
            int tag = in.read();
            if (tag < 0) {
                throw ArenaFormatException.at(source, recordOffset, record + 1,
                        "the file ends without its END record (truncated)");
            }
            offset++;
            record++;
            try {
                if (tag == ArenaFormat.END) {
                    long count = varint("record count");
                    if (count != record - 1) {
                        throw new ArenaFormatException("END says " + count + " records, the file has " + (record - 1)
                                + (checksummed ? " (the file is damaged)" : ""));
                    }
                    if (checksummed) {
                        long computed = crc.getValue();
                        long stored = varint("checksum");
                        if (stored != computed) {
                            throw new ArenaFormatException(String.format(
                                    "checksum mismatch (END says %08x, the bytes give %08x): the file is damaged",
                                    stored, computed));
                        }
                    }
                    if (in.read() >= 0) {
                        throw new ArenaFormatException("data after the END record");
                    }
                    return record - 1;
                }
                dispatch(tag, out);
            } catch (ArenaFormatException e) {
                throw ArenaFormatException.at(source, recordOffset, record, e.reason());
            }
        }
    }

    private void dispatch(int tag, ArenaEvents out) throws IOException {
        switch (tag) {
            case ArenaFormat.NEW_ARENA -> {
                int arena = arena("arena");
                out.newArena(arena, name());
            }
            case ArenaFormat.DELETE_ARENA -> out.deleteArena(arena("arena"));
            case ArenaFormat.NEW_OBJECT -> {
                int arena = arena("arena");
                long object = varint("object");
                long classId = varint("class");
                long size = varint("size");
                if (classId > Integer.MAX_VALUE) {
                    throw new ArenaFormatException("class " + classId + " out of range");
                }
                out.newObject(arena, object, (int) classId, size);
            }
            case ArenaFormat.DELETE_OBJECT -> out.deleteObject(varint("object"));
            case ArenaFormat.MOVE_OBJECT -> {
                int oldArena = arena("old arena");
                long oldObject = varint("old object");
                int newArena = arena("new arena");
                out.moveObject(oldArena, oldObject, newArena, varint("new object"));
            }
            case ArenaFormat.GC_START -> out.gcStart(gc());
            case ArenaFormat.GC_END -> out.gcEnd(gc());
            default -> throw new ArenaFormatException(String.format("unknown record tag 0x%02x", tag));
        }
    }

    private int arena(String what) throws IOException {
        long v = varint(what);
        if (v < 1 || v > Integer.MAX_VALUE) {
            throw new ArenaFormatException(what + " " + v + " out of range (arenas are 1.." + Integer.MAX_VALUE + ")");
        }
        return (int) v;
    }

    private int gc() throws IOException {
        long v = varint("collection number");
        if (v > Integer.MAX_VALUE) {
            throw new ArenaFormatException("collection number " + v + " out of range");
        }
        return (int) v;
    }

    private String name() throws IOException {
        long n = varint("name length");
        if (n > ArenaFormat.MAX_NAME_BYTES) {
            throw new ArenaFormatException("arena name of " + n + " bytes (at most " + ArenaFormat.MAX_NAME_BYTES + ")");
        }
        byte[] bytes = in.readNBytes((int) n);
        offset += bytes.length;
        if (bytes.length < n) {
            throw new ArenaFormatException("the file ends inside an arena name (truncated)");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ArenaFormatException("arena name is not UTF-8");
        }
    }

    private long varint(String what) throws IOException {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new ArenaFormatException("the file ends inside the " + what + " field (truncated)");
            }
            offset++;
            if (shift == 63 && (b & 0x7E) != 0 || shift > 63) {
                throw new ArenaFormatException("the " + what + " field does not fit in 64 bits");
            }
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
    }
}
