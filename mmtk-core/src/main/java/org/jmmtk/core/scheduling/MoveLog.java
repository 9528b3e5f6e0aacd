package org.jmmtk.core.scheduling;

import java.util.Arrays;

/**
 * The objects one GC worker moved in a collection, as (object id, new address) pairs, for bindings
 * that name objects by id (the trace-replay binding keeps an id table). Filled when an object is
 * copied, when its header is in cache anyway; read by the binding after the collection, outside the
 * pause. Only its worker writes it.
 */
public final class MoveLog {
    private long[] entries = new long[1024];
    // size changes with every object logged; padded so two workers' logs never share a cache line
    // (HotSpot keeps declaration order among a class's long fields).
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    private long size;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    void add(long id, long address) {
        int i = (int) size;
        if (i + 2 > entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[i] = id;
        entries[i + 1] = address;
        size = i + 2;
    }

    public int count() {
        return (int) (size / 2);
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
