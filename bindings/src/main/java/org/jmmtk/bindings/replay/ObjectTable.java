package org.jmmtk.bindings.replay;

import java.util.concurrent.atomic.AtomicInteger;
import org.jmmtk.core.plan.Plan;

/**
 * Maps a trace's object ids to the objects' current addresses. It is a weak table: it does not keep
 * objects alive; after each closure GC workers update it in parallel ({@link #retain}, over disjoint
 * slot ranges), moving entries to their objects' new addresses and dropping dead ones.
 *
 * <p>Open addressing with linear probing over two primitive arrays, so that parallel packets can each
 * take a range of slots; no library map exposes its slots that way. Dropped entries become tombstones
 * and the table is rebuilt between collections when they pile up. The replaying thread reads and
 * inserts; GC workers only run {@link #retain} while that thread is stopped.
 */
final class ObjectTable {
    private static final long EMPTY = 0;
    private static final long TOMBSTONE = -1;

    private long[] keys;
    private long[] values;
    private int mask;
    private int live;
    private int occupied;
    private final AtomicInteger died = new AtomicInteger();

    ObjectTable() {
        allocate(1 << 10);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new long[capacity];
        mask = capacity - 1;
        occupied = live;
    }

    private static int hash(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The address of {@code id}, or 0 if it is not (or no longer) in the table. */
    long get(long id) {
        for (int i = hash(id) & mask; ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == id) {
                return values[i];
            }
            if (k == EMPTY) {
                return 0;
            }
        }
    }

    /** Adds {@code id}, which must not be in the table. */
    void put(long id, long address) {
        if ((occupied + 1) * 4L > keys.length * 3L) {
            rebuild(Math.max(keys.length, Integer.highestOneBit(Math.max(1, live) * 4)));
        }
        int i = hash(id) & mask;
        while (keys[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = id;
        values[i] = address;
        live++;
        occupied++;
    }

    /** Slots, for splitting {@link #retain} among packets. */
    int capacity() {
        return keys.length;
    }

    int size() {
        return live;
    }

    /**
     * For slots {@code [from, to)}: moves every entry to its object's address after the collection, or
     * drops it if the object died. Ranges run in parallel on GC workers.
     */
    void retain(int from, int to, Plan plan) {
        int dead = 0;
        for (int i = from; i < to; i++) {
            if (keys[i] > 0) {
                long address = plan.liveAddress(values[i]);
                if (address == 0) {
                    keys[i] = TOMBSTONE;
                    dead++;
                } else {
                    values[i] = address;
                }
            }
        }
        if (dead > 0) {
            died.addAndGet(dead);
        }
    }

    /** After a collection, on the replaying thread: accounts for dropped entries, rebuilds if worthwhile. */
    void afterCollection() {
        live -= died.getAndSet(0);
        if (occupied - live > keys.length / 4) {
            rebuild(Math.max(1 << 10, Integer.highestOneBit(Math.max(1, live) * 4)));
        }
    }

    private void rebuild(int capacity) {
        long[] oldKeys = keys;
        long[] oldValues = values;
        allocate(capacity);
        for (int i = 0; i < oldKeys.length; i++) {
            long k = oldKeys[i];
            if (k > 0) {
                int j = hash(k) & mask;
                while (keys[j] != EMPTY) {
                    j = (j + 1) & mask;
                }
                keys[j] = k;
                values[j] = oldValues[i];
            }
        }
    }

    /** Calls {@code action} with every live entry. */
    void forEach(ObjectVisitor action) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] > 0) {
                action.visit(keys[i], values[i]);
            }
        }
    }
}
