package org.jmmtk.core.barrier;

import java.util.Arrays;

/**
 * A write barrier's buffer of remembered entries (objects or slot addresses; MMTk's modbuf and
 * remset), owned by one mutator. A collection reads it, then clears it, while the mutator is stopped.
 */
public final class RememberedSet {
    private long[] entries = new long[64];
    private int size;
    private long inserted;

    void add(long entry) {
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, size * 2);
        }
        entries[size++] = entry;
        inserted++;
    }

    /** Entries since the last {@link #clear}. */
    public int size() {
        return size;
    }

    public long get(int i) {
        return entries[i];
    }

    public void clear() {
        size = 0;
    }

    /** Insertions over the whole run: the write-barrier stores the literature reports. */
    public long inserted() {
        return inserted;
    }
}
