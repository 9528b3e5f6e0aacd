package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Reads the binary form of trace format 2 (and 1): the magic {@code JMTB}, a version byte, then
 * records, each an ASCII record letter followed by unsigned LEB128 varints (a type name is a length and
 * UTF-8 bytes), and in version 2 the fixed-size end record last. Errors name the file and the byte
 * offset of the record in the uncompressed stream; a version-2 trace without its end record, or whose
 * end record disagrees with what was read, is an error too.
 */
public final class BinaryTraceReader extends FileTraceSource {
    private static final int MAX_NAME_BYTES = 1 << 16;

    private ByteInput in;
    private long recordStart;
    private long records;
    private long objects;
    private long bytesAllocated;

    public BinaryTraceReader(Path file) throws IOException {
        super(file);
    }

    @Override
    protected void read(InputStream input, TraceEvents out) throws IOException {
        this.in = new ByteInput(input, true);
        recordStart = 0;
        records = 0;
        objects = 0;
        bytesAllocated = 0;
        for (byte m : TraceFormat.BINARY_MAGIC) {
            if (next() != m) {
                throw error("not a binary jmmtk trace (bad magic)");
            }
        }
        int v = next();
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
                dispatch((char) kind, out);
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
        int checksum = in.checksumBeforePin();
        byte[] bytes = new byte[EndRecord.BINARY_SIZE];
        bytes[0] = EndRecord.LETTER;
        for (int i = 1; i < bytes.length; i++) {
            int b = in.next();
            if (b < 0) {
                throw error("truncated: the end record is cut (" + i + " of its " + EndRecord.BINARY_SIZE + " bytes)");
            }
            bytes[i] = (byte) b;
        }
        EndRecord end = EndRecord.parseBinary(bytes);
        if (end == null) {
            throw error("malformed end record (it must end with the bytes 'JMTE')");
        }
        String mismatch = end.mismatch(new EndRecord(records, objects, bytesAllocated, checksum));
        if (mismatch != null) {
            throw error(mismatch);
        }
        long first = recordStart;
        recordStart = in.consumed();
        int after = in.next();
        if (after >= 0) {
            throw error(after == EndRecord.LETTER ? "a second end record (the first is at byte " + first + ")"
                    : "data after the end record (at byte " + first + ")");
        }
    }

    private void dispatch(char kind, TraceEvents out) throws IOException {
        switch (kind) {
            case 'T' -> {
                int typeId = (int) varint("type id", ObjectModel.MAX_TYPE_ID);
                int length = (int) varint("type name length", MAX_NAME_BYTES);
                byte[] name = new byte[length];
                for (int i = 0; i < length; i++) {
                    name[i] = (byte) next();
                }
                out.type(typeId, new String(name, StandardCharsets.UTF_8));
            }
            case 'A' -> alloc(out);
            case 'W' -> out.write((int) varint("thread", Integer.MAX_VALUE), id("source object id"),
                    (int) varint("slot", ObjectModel.MAX_REF_SLOTS), varint("target object id", ObjectModel.MAX_OBJECT_ID));
            case 'R' -> out.root((int) varint("thread", Integer.MAX_VALUE),
                    (int) varint("root slot", TraceFormat.MAX_ROOT_SLOT), varint("target object id", ObjectModel.MAX_OBJECT_ID));
            case 'G' -> out.global((int) varint("global root slot", TraceFormat.MAX_ROOT_SLOT),
                    varint("target object id", ObjectModel.MAX_OBJECT_ID));
            case 'D' -> out.death(id("object id"));
            case 'P' -> out.perfectPoint();
            case 'C' -> out.collect();
            default -> throw error(String.format("unknown record code 0x%02x", (int) kind));
        }
    }

    private void alloc(TraceEvents out) throws IOException {
        int thread = (int) varint("thread", Integer.MAX_VALUE);
        long object = id("object id");
        long size = positive(varint("size", ObjectModel.MAX_TRACE_BYTES), "size");
        int refSlots = (int) varint("reference slot count", ObjectModel.MAX_REF_SLOTS);
        int typeId = (int) varint("type id", ObjectModel.MAX_TYPE_ID);
        objects++;
        bytesAllocated += size;
        out.alloc(thread, object, size, refSlots, typeId);
    }

    private String location() {
        return file + ": byte " + recordStart;
    }

    private TraceException error(String reason) {
        return new TraceException(location(), reason);
    }

    private long id(String what) throws IOException {
        return positive(varint(what, ObjectModel.MAX_OBJECT_ID), what);
    }

    private long positive(long value, String what) {
        if (value == 0) {
            throw error(what + " must be positive");
        }
        return value;
    }

    private long varint(String what, long max) throws IOException {
        long fast = in.fastVarint();
        if (fast != ByteInput.SLOW) {
            if (fast > max) {
                throw error(what + " " + fast + " is out of range 0.." + max);
            }
            return fast;
        }
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = next();
            if (shift == 63 && (b & 0x7e) != 0) {
                throw error(what + " does not fit in 64 bits");
            }
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                if (value < 0 || value > max) {
                    throw error(what + " " + Long.toUnsignedString(value) + " is out of range 0.." + max);
                }
                return value;
            }
        }
        throw error(what + " is not a valid varint");
    }

    private int next() throws IOException {
        int b = in.next();
        if (b < 0) {
            throw error("truncated record at end of file");
        }
        return b;
    }
}
