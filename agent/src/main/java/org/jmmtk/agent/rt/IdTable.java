package org.jmmtk.agent.rt;

import java.lang.ref.WeakReference;

/**
 * Object ids by identity, without touching the objects: one open-addressing table (linear probing) of
 * weak references keyed by {@link System#identityHashCode}. Lookups of objects already seen read the
 * table without a lock; the first sight of an object takes the table's lock, looks again, assigns
 * the next id and records the object's allocation there, so any thread that sees the id afterwards
 * records its own event later in the global order. Ids count up from 1 and are never reused. Entries
 * have no reference queue: an entry whose object was collected stays until the table is next rebuilt,
 * which keeps only live entries (and doubles the table when more than a third of it is live), so the
 * collector's reference processing is the only cost of a dead entry. A reader that still holds the old
 * table finds no new entries in it and looks again under the lock. Any thread.
 */
final class IdTable {
    private static final int FIRST = 1 << 16;

    private final Object lock = new Object();
    private volatile Entries table = new Entries(FIRST);
    private int used;
    private long lastId;
    /** Bytes of one entry (measured at start), the recorder's own allocation per object seen. */
    private long entryBytes;

    void start(java.lang.instrument.Instrumentation inst) {
        entryBytes = inst.getObjectSize(new Entry(this, 0, 0));
    }

    /** The object's id (0 for null), assigning one and recording its allocation on {@code s} when it is new. */
    long idOf(Object object, ThreadState s) {
        if (object == null) {
            return 0;
        }
        int hash = System.identityHashCode(object);
        Entries t = table;
        int[] hashes = t.hashes;
        int mask = hashes.length - 1;
        for (int i = Threads.spread(hash) & mask; ; i = (i + 1) & mask) {
            int h = hashes[i];
            if (h == 0) {
                break;
            }
            if (h == (hash | 1)) {
                Entry e = t.entries[i];
                if (e != null && e.get() == object) {
                    return e.id;
                }
            }
        }
        return add(object, hash, s);
    }

    private long add(Object object, int hash, ThreadState s) {
        long reserved = s.reservationFor(object);
        if (reserved > 0) {
            return bind(object, hash, reserved, s);
        }
        s.flushRoots(); // a collection may run at an allocation: the frames as they are now
        Layouts.Layout layout = Layouts.of(object.getClass(), s); // outside the lock: it may load classes
        long bytes = layout.size(object);
        long slots = layout.slots(object);
        synchronized (lock) {
            long known = find(object, hash);
            if (known != 0) {
                return known;
            }
            long id = ++lastId;
            insert(object, hash, id, s);
            s.recorded(bytes);
            s.event(EventLog.ALLOC, id, bytes, slots << EventLog.TYPE_BITS | layout.typeId);
            return id;
        }
    }

    /**
     * Reserves an id for an object whose {@code NEW} runs now and whose constructor has not run yet
     * (see {@link ThreadState#reserve}): its allocation is recorded here, the object is bound to the
     * id when it is first seen.
     */
    long reserve(ThreadState s, long bytes, long slots, int typeId) {
        s.flushRoots();
        synchronized (lock) {
            long id = ++lastId;
            s.recorded(bytes);
            s.event(EventLog.ALLOC, id, bytes, slots << EventLog.TYPE_BITS | typeId);
            return id;
        }
    }

    /** Gives {@code object} the id reserved at its {@code NEW} (no allocation recorded: it was then). */
    long bind(Object object, int hash, long id, ThreadState s) {
        synchronized (lock) {
            long known = find(object, hash);
            if (known != 0) {
                return known; // another thread saw it first (published before its constructor returned)
            }
            insert(object, hash, id, s);
            return id;
        }
    }

    /** The object's id under the lock, or 0. */
    private long find(Object object, int hash) {
        Entry[] tab = table.entries;
        int mask = tab.length - 1;
        for (int i = Threads.spread(hash) & mask; tab[i] != null; i = (i + 1) & mask) {
            Entry e = tab[i];
            if (e.hash == hash && e.get() == object) {
                return e.id;
            }
        }
        return 0;
    }

    /** Adds an entry under the lock, rebuilding the table when a third of it is in use. */
    private void insert(Object object, int hash, long id, ThreadState s) {
        Entries t = table;
        if (3 * (used + 1) > t.entries.length) {
            long start = ThreadState.ownStart();
            t = rebuild(t.entries);
            s.ownSince(start);
        }
        Entry[] tab = t.entries;
        int mask = tab.length - 1;
        int i = Threads.spread(hash) & mask;
        while (tab[i] != null) {
            i = (i + 1) & mask;
        }
        tab[i] = new Entry(object, hash, id);
        t.hashes[i] = hash | 1; // after the entry: a reader that sees the hash and no entry looks again under the lock
        s.own(entryBytes);
        used++;
        table = t;
    }

    /** A fresh id for an object that has no entry (filler); its allocation is recorded under the lock too. */
    void anonymous(ThreadState s, long bytes, int typeId) {
        s.flushRoots();
        synchronized (lock) {
            s.event(EventLog.ALLOC, ++lastId, bytes, typeId);
        }
    }

    /** The live entries in a table as large as needed (a third full at most after the next doubling). */
    private Entries rebuild(Entry[] old) {
        int live = 0;
        for (Entry e : old) {
            if (e != null && e.get() != null) {
                live++;
            }
        }
        int length = old.length;
        while (3 * live > length) {
            length *= 2;
        }
        if (3 * live > length / 2) {
            length *= 2; // keep room for growth before the next rebuild
        }
        Entries t = new Entries(length);
        Entry[] tab = t.entries;
        int mask = length - 1;
        for (Entry e : old) {
            if (e != null && e.get() != null) {
                int i = Threads.spread(e.hash) & mask;
                while (tab[i] != null) {
                    i = (i + 1) & mask;
                }
                tab[i] = e;
                t.hashes[i] = e.hash | 1;
            }
        }
        used = live;
        return t;
    }

    /**
     * The table: entries and, beside them, their hash codes (with the low bit set, so 0 means empty),
     * which a lookup scans without touching the entries of other objects.
     */
    private static final class Entries {
        final Entry[] entries;
        final int[] hashes;

        Entries(int length) {
            entries = new Entry[length];
            hashes = new int[length];
        }
    }

    /** Ids handed out so far. */
    long count() {
        synchronized (lock) {
            return lastId;
        }
    }

    private static final class Entry extends WeakReference<Object> {
        final int hash;
        final long id;

        Entry(Object referent, int hash, long id) {
            super(referent);
            this.hash = hash;
            this.id = id;
        }
    }
}
