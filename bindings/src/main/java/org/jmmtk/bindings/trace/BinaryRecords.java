package org.jmmtk.bindings.trace;

import java.nio.charset.StandardCharsets;

/**
 * The binary encoding of one record (its letter, then its fields as unsigned LEB128 varints; a type
 * name as a length and UTF-8 bytes), shared by the binary writer and the per-thread stream writer.
 * Stateless; any thread.
 */
final class BinaryRecords {
    private BinaryRecords() {
    }

    static void type(ByteSink out, int typeId, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        out.put('T');
        varint(out, typeId);
        varint(out, bytes.length);
        for (byte b : bytes) {
            out.put(b);
        }
    }

    static void weakSlot(ByteSink out, int typeId, int slot) {
        out.put('K');
        varint(out, typeId);
        varint(out, slot);
    }

    static void alloc(ByteSink out, int thread, long object, long bytes, int refSlots, int typeId) {
        out.put('A');
        varint(out, thread);
        varint(out, object);
        varint(out, bytes);
        varint(out, refSlots);
        varint(out, typeId);
    }

    static void write(ByteSink out, int thread, long source, int slot, long target) {
        out.put('W');
        varint(out, thread);
        varint(out, source);
        varint(out, slot);
        varint(out, target);
    }

    static void root(ByteSink out, int thread, int rootSlot, long target) {
        out.put('R');
        varint(out, thread);
        varint(out, rootSlot);
        varint(out, target);
    }

    static void global(ByteSink out, int rootSlot, long target) {
        out.put('G');
        varint(out, rootSlot);
        varint(out, target);
    }

    static void death(ByteSink out, long object) {
        out.put('D');
        varint(out, object);
    }

    static void threadEnd(ByteSink out, int thread) {
        out.put(TraceFormat.THREAD_END);
        varint(out, thread);
    }

    static void varint(ByteSink out, long value) {
        while ((value & ~0x7fL) != 0) {
            out.put((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.put((int) value);
    }
}
