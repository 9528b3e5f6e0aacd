package org.jmmtk.tools.trace;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.bindings.trace.TraceEvents;

/**
 * The records {@code jmmtk trace dump} prints, chosen as they stream past: those numbered {@code from} to
 * {@code from + count - 1} (records count from 1 in file order, the header and end record not counted), or
 * one object's history: its type's {@code T} record, its allocation, every store into it ({@code W} with it
 * as source) and of it ({@code W}, {@code R} or {@code G} with it as target) and its death record. Passes
 * them to a text writer; for an object history also keeps their numbers, one per line written. Used by one thread.
 */
final class TraceDump implements TraceEvents {
    /** Thrown to end a replay once the last record wanted has passed. */
    static final class Done extends RuntimeException {
        Done() {
            super(null, null, false, false);
        }
    }

    private final TraceEvents out;
    private final long from;
    private final long last;
    private final long object;
    private final LongArrayList numbers = new LongArrayList();
    private final Int2ObjectOpenHashMap<String> typeNames = new Int2ObjectOpenHashMap<>();
    private final Int2LongOpenHashMap typeRecords = new Int2LongOpenHashMap();
    private long record;
    private boolean allocated;

    private TraceDump(TraceEvents out, long from, long last, long object) {
        this.out = out;
        this.from = from;
        this.last = last;
        this.object = object;
    }

    /** Records {@code from} to {@code from + count - 1}. */
    static TraceDump range(TraceEvents out, long from, long count) {
        return new TraceDump(out, from, count > Long.MAX_VALUE - from ? Long.MAX_VALUE : from + count - 1, 0);
    }

    /** The history of object {@code id}. */
    static TraceDump object(TraceEvents out, long id) {
        return new TraceDump(out, 1, Long.MAX_VALUE, id);
    }

    /** The number of each record written, in order (object histories only). */
    long[] numbers() {
        return numbers.toLongArray();
    }

    /** Whether the object of an object history was allocated. */
    boolean allocated() {
        return allocated;
    }

    /** Counts a record; true if it is in the range (object histories check the object themselves). */
    private boolean next() {
        record++;
        if (record > last) {
            throw new Done();
        }
        return record >= from;
    }

    private boolean about(long id) {
        return next() && (object == 0 || id == object);
    }

    private void wrote(long number) {
        if (object != 0) {
            numbers.add(number);
        }
    }

    @Override
    public void type(int typeId, String name) {
        if (object != 0) {
            next();
            typeNames.put(typeId, name);
            typeRecords.put(typeId, record);
        } else if (next()) {
            wrote(record);
            out.type(typeId, name);
        }
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        // a type's record, not an object's: in an object's history only as part of the whole trace
        if (next() && object == 0) {
            wrote(record);
            out.weakSlot(typeId, slot);
        }
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (about(object)) {
            if (this.object != 0) {
                allocated = true;
                if (typeNames.containsKey(typeId)) {
                    wrote(typeRecords.get(typeId));
                    out.type(typeId, typeNames.get(typeId));
                }
            }
            wrote(record);
            out.alloc(thread, object, bytes, refSlots, typeId);
        }
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        if (next() && (object == 0 || source == object || target == object)) {
            wrote(record);
            out.write(thread, source, slot, target);
        }
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        if (about(target)) {
            wrote(record);
            out.root(thread, rootSlot, target);
        }
    }

    @Override
    public void global(int rootSlot, long target) {
        if (about(target)) {
            wrote(record);
            out.global(rootSlot, target);
        }
    }

    @Override
    public void death(long object) {
        if (about(object)) {
            wrote(record);
            out.death(object);
        }
    }

    @Override
    public void perfectPoint() {
        if (next() && object == 0) {
            wrote(record);
            out.perfectPoint();
        }
    }

    @Override
    public void threadEnd(int thread) {
        if (next() && object == 0) {
            wrote(record);
            out.threadEnd(thread);
        }
    }

    @Override
    public void collect() {
        if (next() && object == 0) {
            wrote(record);
            out.collect();
        }
    }
}
