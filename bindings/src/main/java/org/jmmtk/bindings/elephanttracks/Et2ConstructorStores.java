package org.jmmtk.bindings.elephanttracks;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * Finds the stores an Elephant Tracks 2 trace writes before their object's allocation record. ET2 writes
 * a constructor's {@code U} records before the object's {@code N} (the allocation is reported when the
 * constructor returns), so a store into id {@code X} belongs to the object that the next {@code N}/{@code A}
 * of {@code X} makes when nothing but stores into {@code X} mention it between the two; any other mention
 * ({@code W}, a method's receiver, {@code X} stored somewhere) or the end of the trace means the store
 * went to the object that already had the id. A store of {@code X} as a value (a constructor handing
 * out {@code this}) waits the same way, but only while no object has had the id yet: once one has, a
 * store of {@code X} is a use of that object. Fed every record in order by a first pass; then asked by
 * the reader's later passes. Used by one thread.
 */
final class Et2ConstructorStores {
    /** The ids' stores since their last other mention: record index * 2 + (0 the object, 1 the value). */
    private final Long2ObjectOpenHashMap<LongArrayList> open = new Long2ObjectOpenHashMap<>();
    private final LongOpenHashSet early = new LongOpenHashSet();
    private final LongOpenHashSet named = new LongOpenHashSet();

    void store(long index, long object, long value) {
        if (object != 0) {
            open.computeIfAbsent(object, k -> new LongArrayList()).add(index << 1);
        }
        if (value != 0) {
            if (named.contains(value)) {
                mentioned(value);
            } else {
                open.computeIfAbsent(value, k -> new LongArrayList()).add(index << 1 | 1);
            }
        }
    }

    void allocated(long id) {
        named.add(id);
        LongArrayList stores = open.remove(id);
        if (stores != null) {
            early.addAll(stores);
        }
    }

    void mentioned(long id) {
        if (id != 0) {
            named.add(id);
            open.remove(id);
        }
    }

    /** After the first pass: drops the stores that no allocation followed. */
    void end() {
        open.clear();
        open.trim();
        named.clear();
        named.trim();
    }

    /** Whether the store at record {@code index} waits for its object's allocation. */
    boolean objectWaits(long index) {
        return early.contains(index << 1);
    }

    /** Whether the store at record {@code index} waits for its value's allocation. */
    boolean valueWaits(long index) {
        return early.contains(index << 1 | 1);
    }
}
