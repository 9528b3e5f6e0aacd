package org.jmmtk.core.scheduling;

import java.util.Arrays;

/**
 * The objects one GC worker's closure reached, as (object id, address after the collection) pairs,
 * for bindings that name objects by id (the trace-replay binding keeps an id table). Filled while
 * scanning, when the header line is in cache anyway; read by the binding after the collection.
 * Only its worker writes it.
 */
public final class SurvivorLog {
    private long[] entries = new long[1024];
    private int size;

    void add(long id, long address) {
        if (size + 2 > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[size] = id;
        entries[size + 1] = address;
        size += 2;
    }

    public int count() {
        return size / 2;
    }

    public long id(int i) {
        return entries[2 * i];
    }

    public long address(int i) {
        return entries[2 * i + 1];
    }

    void clear() {
        size = 0;
    }
}
