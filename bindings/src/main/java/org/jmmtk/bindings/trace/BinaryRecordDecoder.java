package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Decodes binary records from a {@link ByteInput} after their letter, checks their fields' ranges and
 * hands them to a consumer, counting the allocations and their bytes for the end record: the binary
 * reader's decoding, also used on each chunk of a per-thread stream trace. Errors name the location
 * its reader gives. Used by one thread.
 */
final class BinaryRecordDecoder {
    private static final int MAX_NAME_BYTES = 1 << 16;

    private final ByteInput in;
    private final Supplier<String> location;
    private long objects;
    private long bytesAllocated;

    BinaryRecordDecoder(ByteInput in, Supplier<String> location) {
        this.in = in;
        this.location = location;
    }

    /** The {@code A} records decoded so far. */
    long objects() {
        return objects;
    }

    /** The sum of their sizes. */
    long bytesAllocated() {
        return bytesAllocated;
    }

    /**
     * Decodes the record whose letter {@code kind} was just read and hands it to {@code out}. Each case
     * is a small method of its own, and each field's varint a small fast path, so that the JIT inlines
     * the hot records' decoding into one body (a large method here is compiled apart and called per field).
     */
    void dispatch(char kind, TraceEvents out) throws IOException {
        switch (kind) {
            case 'A' -> alloc(out);
            case 'W' -> write(out);
            case 'R' -> root(out);
            case 'G' -> global(out);
            case 'D' -> out.death(id("object id"));
            case 'P' -> out.perfectPoint();
            case 'C' -> out.collect();
            case TraceFormat.THREAD_END -> out.threadEnd((int) varint("thread", Integer.MAX_VALUE));
            case 'T' -> type(out);
            case 'K' -> out.weakSlot((int) varint("type id", ObjectModel.MAX_TYPE_ID),
                    (int) varint("weak slot", ObjectModel.MAX_REF_SLOTS));
            default -> throw unknown(kind);
        }
    }

    private void type(TraceEvents out) throws IOException {
        int typeId = (int) varint("type id", ObjectModel.MAX_TYPE_ID);
        int length = (int) varint("type name length", MAX_NAME_BYTES);
        byte[] name = new byte[length];
        for (int i = 0; i < length; i++) {
            name[i] = (byte) next();
        }
        out.type(typeId, new String(name, StandardCharsets.UTF_8));
    }

    private TraceException unknown(char kind) {
        return error(String.format("unknown record code 0x%02x", (int) kind));
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

    private void write(TraceEvents out) throws IOException {
        int thread = (int) varint("thread", Integer.MAX_VALUE);
        long source = id("source object id");
        int slot = (int) varint("slot", ObjectModel.MAX_REF_SLOTS);
        out.write(thread, source, slot, varint("target object id", ObjectModel.MAX_OBJECT_ID));
    }

    private void root(TraceEvents out) throws IOException {
        int thread = (int) varint("thread", Integer.MAX_VALUE);
        int rootSlot = (int) varint("root slot", TraceFormat.MAX_ROOT_SLOT);
        out.root(thread, rootSlot, varint("target object id", ObjectModel.MAX_OBJECT_ID));
    }

    private void global(TraceEvents out) throws IOException {
        int rootSlot = (int) varint("global root slot", TraceFormat.MAX_ROOT_SLOT);
        out.global(rootSlot, varint("target object id", ObjectModel.MAX_OBJECT_ID));
    }

    TraceException error(String reason) {
        return new TraceException(location.get(), reason);
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

    /** A field's varint, at most {@code max}: the buffered fast path here, anything else in {@link #slowVarint}. */
    private long varint(String what, long max) throws IOException {
        long fast = in.fastVarint();
        if (fast >= 0 && fast <= max) {
            return fast;
        }
        return slowVarint(fast, what, max);
    }

    /** {@link #varint} when the fast path gave a value out of range or {@link ByteInput#SLOW}: byte by byte, with its checks. */
    private long slowVarint(long fast, String what, long max) throws IOException {
        if (fast != ByteInput.SLOW) {
            throw error(what + " " + fast + " is out of range 0.." + max);
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

    int next() throws IOException {
        int b = in.next();
        if (b < 0) {
            throw error("truncated record at end of file");
        }
        return b;
    }
}
