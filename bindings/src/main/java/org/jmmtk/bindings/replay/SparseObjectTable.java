package org.jmmtk.bindings.replay;

/**
 * The part of the {@link ObjectTable} for ids too large to index an array: open addressing with
 * linear probing over primitive arrays (no boxing). Used by the replaying thread only.
 */
final class SparseObjectTable {
    private static final long EMPTY = 0;
    private static final ObjectTable.Liveness ALL = (address, id) -> true;

    private long[] keys;
    private long[] addresses;
    private int mask;
    private int size;

    SparseObjectTable() {
        allocate(1 << 10);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        addresses = new long[capacity];
        mask = capacity - 1;
        size = 0;
    }

    private static int hash(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The slot holding {@code id}, or -1. */
    int find(long id) {
        for (int i = hash(id) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == id) {
                return i;
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    long address(int slot) {
        return addresses[slot];
    }

    /** Sets the address of {@code id}, adding it if absent. */
    void put(long id, long address) {
        if ((size + 1) * 4L > keys.length * 3L) {
            resize(keys.length * 2, ALL);
        }
        int i = hash(id) & mask;
        while (keys[i] != EMPTY && keys[i] != id) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = id;
            size++;
        }
        addresses[i] = address;
    }

    /** Entries, dead ones included until {@link #retainIf} drops them. */
    int size() {
        return size;
    }

    /** Keeps only the entries that are {@code alive}, shrinking the table to fit them. */
    void retainIf(ObjectTable.Liveness alive) {
        if (size == 0) {
            return;
        }
        int kept = 0;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY && alive.isAlive(addresses[i], keys[i])) {
                kept++;
            }
        }
        resize(Math.max(1 << 10, Integer.highestOneBit(Math.max(1, kept) * 3) * 2), alive);
    }

    private void resize(int capacity, ObjectTable.Liveness keep) {
        long[] oldKeys = keys;
        long[] oldAddresses = addresses;
        allocate(capacity);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY && keep.isAlive(oldAddresses[i], oldKeys[i])) {
                int j = hash(oldKeys[i]) & mask;
                while (keys[j] != EMPTY) {
                    j = (j + 1) & mask;
                }
                keys[j] = oldKeys[i];
                addresses[j] = oldAddresses[i];
                size++;
            }
        }
    }

    /** Calls {@code action} with every entry that is {@code alive}. */
    void forEach(ObjectTable.Liveness alive, ObjectVisitor action) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY && alive.isAlive(addresses[i], keys[i])) {
                action.visit(keys[i], addresses[i]);
            }
        }
    }
}
