package org.jmmtk.bindings.replay;

/**
 * Maps a trace's object ids to the objects' addresses, with for each entry the number of the last
 * collection known to have left it alive (or, for an object allocated since, the number of
 * collections so far). It is not a root: it holds objects weakly. After a collection the binding
 * refreshes the entries of the objects the closure reached (work proportional to what survived, as
 * a collector's is); an entry whose space was collected after its stamp names a dead object. Dead
 * entries are dropped in bulk once they pile up, between collections.
 *
 * <p>Open addressing with linear probing over primitive arrays (no boxing). Used by the replaying
 * thread only.
 */
final class ObjectTable {
    private static final long EMPTY = 0;
    private static final Liveness ALL = (address, stamp) -> true;

    /** Decides whether an entry still names a live object. */
    @FunctionalInterface
    interface Liveness {
        boolean isAlive(long address, int stamp);
    }

    private long[] keys;
    private long[] addresses;
    private int[] stamps;
    private int mask;
    private int size;

    ObjectTable() {
        allocate(1 << 10);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        addresses = new long[capacity];
        stamps = new int[capacity];
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

    int stamp(int slot) {
        return stamps[slot];
    }

    /** Sets the address and stamp of {@code id}, adding it if absent. */
    void put(long id, long address, int stamp) {
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
        stamps[i] = stamp;
    }

    /** Entries, dead ones included until {@link #retainIf} drops them. */
    int size() {
        return size;
    }

    /** Keeps only the entries that are {@code alive}, shrinking the table to fit them. */
    void retainIf(Liveness alive) {
        int kept = 0;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY && alive.isAlive(addresses[i], stamps[i])) {
                kept++;
            }
        }
        resize(Math.max(1 << 10, Integer.highestOneBit(Math.max(1, kept) * 3) * 2), alive);
    }

    private void resize(int capacity, Liveness keep) {
        long[] oldKeys = keys;
        long[] oldAddresses = addresses;
        int[] oldStamps = stamps;
        allocate(capacity);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY && keep.isAlive(oldAddresses[i], oldStamps[i])) {
                int j = hash(oldKeys[i]) & mask;
                while (keys[j] != EMPTY) {
                    j = (j + 1) & mask;
                }
                keys[j] = oldKeys[i];
                addresses[j] = oldAddresses[i];
                stamps[j] = oldStamps[i];
                size++;
            }
        }
    }

    /** Calls {@code action} with every entry that is {@code alive}. */
    void forEach(Liveness alive, ObjectVisitor action) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY && alive.isAlive(addresses[i], stamps[i])) {
                action.visit(keys[i], addresses[i]);
            }
        }
    }
}
