package org.jmmtk.core.analysis.merlin;

import it.unimi.dsi.fastutil.HashCommon;

/**
 * Merlin's per-object state, keyed by object id (never by address: objects move): the timestamp and
 * the object's current address. An open-addressing table with linear probing and backward-shift
 * deletion over parallel primitive arrays, so a lookup or update allocates nothing, and its size
 * follows the objects not yet found dead (it shrinks after collections that freed most of them).
 * Entry positions ("slots") stay put between insertions and removals, so a pass may use them as node
 * numbers.
 *
 * <p>Threads: insertions and removals on one thread at a time (the mutator, or the requesting thread
 * after a collection); while none happens, GC workers may look up entries and update different
 * entries' addresses concurrently.
 */
final class StampTable {
    private static final int MIN_CAPACITY = 1 << 10;

    private long[] ids;
    private long[] stamps;
    private long[] addresses;
    private int mask;
    private int size;

    StampTable() {
        allocate(MIN_CAPACITY);
    }

    private void allocate(int capacity) {
        ids = new long[capacity];
        stamps = new long[capacity];
        addresses = new long[capacity];
        mask = capacity - 1;
    }

    int size() {
        return size;
    }

    /** One past the largest slot; slots whose {@link #id} is 0 are empty. */
    int capacity() {
        return ids.length;
    }

    /** The id in {@code slot}, 0 if empty. */
    long id(int slot) {
        return ids[slot];
    }

    long stamp(int slot) {
        return stamps[slot];
    }

    void setStamp(int slot, long stamp) {
        stamps[slot] = stamp;
    }

    long address(int slot) {
        return addresses[slot];
    }

    void setAddress(int slot, long address) {
        addresses[slot] = address;
    }

    /** The slot of {@code id} (positive), or -1. */
    int find(long id) {
        int pos = (int) HashCommon.mix(id) & mask;
        for (long k; (k = ids[pos]) != 0; pos = (pos + 1) & mask) {
            if (k == id) {
                return pos;
            }
        }
        return -1;
    }

    /** Adds {@code id} (positive, absent). */
    void insert(long id, long stamp, long address) {
        if (2L * (size + 1) > ids.length) {
            rehash(ids.length * 2);
        }
        int pos = (int) HashCommon.mix(id) & mask;
        while (ids[pos] != 0) {
            pos = (pos + 1) & mask;
        }
        ids[pos] = id;
        stamps[pos] = stamp;
        addresses[pos] = address;
        size++;
    }

    /** Removes the entry in {@code slot}; entries after it in its probe run may move. */
    void removeAt(int slot) {
        size--;
        int last = slot;
        int pos = slot;
        for (;;) {
            pos = (pos + 1) & mask;
            long k = ids[pos];
            if (k == 0) {
                ids[last] = 0;
                return;
            }
            int home = (int) HashCommon.mix(k) & mask;
            // k may fill the hole at last only if its home is not in (last, pos]
            boolean movable = last <= pos ? home <= last || home > pos : home <= last && home > pos;
            if (movable) {
                ids[last] = k;
                stamps[last] = stamps[pos];
                addresses[last] = addresses[pos];
                last = pos;
            }
        }
    }

    /** Gives memory back once the table is mostly empty (after a collection found most objects dead). */
    void trim() {
        int capacity = ids.length;
        while (capacity > MIN_CAPACITY && 8L * size < capacity) {
            capacity >>>= 1;
        }
        if (capacity < ids.length) {
            rehash(capacity);
        }
    }

    private void rehash(int capacity) {
        long[] oldIds = ids;
        long[] oldStamps = stamps;
        long[] oldAddresses = addresses;
        allocate(capacity);
        for (int i = 0; i < oldIds.length; i++) {
            long id = oldIds[i];
            if (id != 0) {
                int pos = (int) HashCommon.mix(id) & mask;
                while (ids[pos] != 0) {
                    pos = (pos + 1) & mask;
                }
                ids[pos] = id;
                stamps[pos] = oldStamps[i];
                addresses[pos] = oldAddresses[i];
            }
        }
    }
}
