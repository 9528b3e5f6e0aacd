package org.jmmtk.agent.rt;

import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * Object ids by identity, without touching the objects: one open-addressing table (linear probing) keyed by
 * {@link System#identityHashCode}, whose places are words of a primitive array holding an entry's hash code
 * and where it is in the entries' store (one load for both: the table is tens of MB, so each probe is a
 * cache miss), so that a probe touches no other object's reference (only a matching hash code leads to the
 * entry's weak reference, which holds the id beside the object). The store keeps the entries in the order
 * they were made, so a first sight appends its weak reference where the last one went (a cache line already
 * in use) instead of storing it at the hashed place of a second array as large as the table (a cache miss
 * per object, and a card of that old array marked at a random place, so that every young collection of the
 * recording JVM scanned all of it: a sixth of the recording thread's samples and half of its collector's
 * work). In front of it each
 * thread keeps a small direct-mapped cache of the objects it named last ({@link ThreadState#recent}), which
 * answers most lookups without the table. Lookups of objects already seen read the table without a lock;
 * the first sight of an object takes the table's lock, looks again, assigns the next id and records the
 * object's allocation there, before it publishes the entry, so any thread that finds the id afterwards
 * (lock-free) records its own event later in the global order. Ids count up from 1 and are never
 * reused. Entries have no reference queue: an entry whose object was collected stays until the table
 * is next rebuilt, which keeps only live entries
 * (in the smallest table of at least 65,536 places and four times as many as they are), so the collector's
 * reference processing is the only cost of a dead entry. The table is rebuilt when half of it is in use
 * and at the first insertion after each collection of the recording JVM, so that the weak references of
 * the objects that collection found dead are dropped before the next one (they would otherwise be
 * copied again, promoted, and fill the old generation); only that rebuild looks for dead entries. A
 * reader that still holds the old table finds no new entries in it and looks again under the lock; one that
 * meets another entry where its word points (the sweep moves the live entries to the front of a store the
 * old table may share) compares that entry's object with its own, so it misses too. Any thread.
 */
final class IdTable {
    private static final int FIRST = 1 << 16;
    private static final long LONGS = Layouts.UNSAFE.arrayBaseOffset(long[].class);
    /** Low bits of a place's word: its key (the identity hash code's 31 bits); the entry's place in the store is above them. */
    private static final int KEY_BITS = 31;
    private static final long KEY_MASK = (1L << KEY_BITS) - 1;
    /** What {@link #drop} leaves: no entries, nothing to allocate when recording has stopped. */
    private static final Entries NONE = new Entries(2);

    private final Object lock = new Object();
    /** Run after a first sight's entry is published, with the lock held; null but in tests, which force an interleaving there. */
    private final Runnable published;
    private volatile Entries table = new Entries(FIRST);
    /**
     * Made at each sweep and cleared by every collection (its referent is reachable from nothing else):
     * the next insertion then sweeps.
     */
    private WeakReference<Object> collected = new WeakReference<>(new Object());
    private int used;
    private long lastId;
    /** Bytes of one entry (measured at start), the recorder's own allocation per object seen. */
    private long entryBytes;

    IdTable() {
        this(null);
    }

    /** A table that runs {@code published} where another thread can first find a new object's id (tests). */
    IdTable(Runnable published) {
        this.published = published;
    }

    void start(java.lang.instrument.Instrumentation inst) {
        entryBytes = inst.getObjectSize(new Entry(this, 0));
    }

    /** The object's key in the table: its identity hash code's 31 bits with the low bit set (never 0, which marks an empty place). */
    static int key(Object object) {
        return System.identityHashCode(object) & (int) KEY_MASK | 1;
    }

    /** The object's id (0 for null), assigning one and recording its allocation on {@code s} when it is new. */
    long idOf(Object object, ThreadState s) {
        if (object == null) {
            return 0;
        }
        int hash = key(object);
        int spread = Threads.spread(hash);
        long cached = s.recent(object, spread);
        if (cached != 0) {
            return cached;
        }
        Entries t = table;
        long[] words = t.words;
        int mask = words.length - 1;
        for (int i = spread & mask; ; i = (i + 1) & mask) {
            long w = words[i];
            if (w == 0) {
                break;
            }
            if ((w & KEY_MASK) == hash) {
                Entry e = t.entries[(int) (w >>> KEY_BITS)];
                if (e != null && e.get() == object) { // null: not visible yet, looked for again under the lock
                    long id = e.id;
                    if (!object.getClass().isArray()) {
                        s.remember(object, spread, id); // an instance's size is bounded: the cache keeps little alive
                    }
                    return id;
                }
            }
        }
        return add(object, hash, s);
    }

    private long add(Object object, int hash, ThreadState s) {
        long reserved;
        if (object instanceof Class<?> c) {
            s.beforeAllocation(); // first the mirrors of the classes this thread defined since its last allocation
            reserved = Recorder.modelledMirror(c, s);
        } else {
            reserved = s.reservationFor(object);
        }
        if (reserved > 0) {
            return bind(object, hash, reserved, s);
        }
        s.beforeAllocation(); // a collection may run at an allocation: the frames as they are now
        Layouts.Layout layout = Layouts.of(object.getClass(), s); // outside the lock: it may load classes
        long bytes = layout.size(object);
        long slots = layout.slots(object);
        long id;
        boolean adopted = false;
        synchronized (lock) {
            id = find(object, hash);
            if (id == 0) {
                id = ++lastId;
                adopted = s.firstSeen(object, bytes);
                // the allocation takes its sequence number before the entry is published: another thread
                // that finds the entry lock-free records its own event later in the global order
                s.event(EventLog.ALLOC, id, bytes, slots << EventLog.TYPE_BITS | layout.typeId);
                insert(object, hash, id, s);
                if (published != null) {
                    published.run();
                }
            }
        }
        if (bytes <= ThreadState.RECENT_MAX_BYTES) {
            s.remember(object, Threads.spread(hash), id);
        }
        if (adopted) {
            JvmMadeObjects.adopted(object, id, s);
        }
        return id;
    }

    /**
     * Reserves an id for an object whose {@code NEW} runs now and whose constructor has not run yet
     * (see {@link ThreadState#reserve}): its allocation is recorded here, the object is bound to the
     * id when it is first seen.
     */
    long reserve(ThreadState s, long bytes, long slots, int typeId) {
        s.beforeAllocation();
        synchronized (lock) {
            long id = ++lastId;
            s.recorded(bytes);
            s.event(EventLog.ALLOC, id, bytes, slots << EventLog.TYPE_BITS | typeId);
            return id;
        }
    }

    /** Gives {@code object} the id reserved at its {@code NEW} (no allocation recorded: it was then). */
    long bind(Object object, int hash, long id, ThreadState s) {
        long known;
        synchronized (lock) {
            known = find(object, hash);
            if (known == 0) {
                insert(object, hash, id, s);
                known = id;
            } // else another thread saw it first (published before its constructor returned)
        }
        s.remember(object, Threads.spread(hash), known);
        return known;
    }

    /** The object's id under the lock, or 0. */
    private long find(Object object, int hash) {
        Entries t = table;
        long[] words = t.words;
        int mask = words.length - 1;
        for (int i = Threads.spread(hash) & mask; words[i] != 0; i = (i + 1) & mask) {
            if ((words[i] & KEY_MASK) == hash) {
                Entry e = t.entries[(int) (words[i] >>> KEY_BITS)];
                if (e.get() == object) {
                    return e.id;
                }
            }
        }
        return 0;
    }

    /** Adds an entry under the lock, rebuilding the table when half of it is in use or a collection ran since the last rebuild. */
    private void insert(Object object, int hash, long id, ThreadState s) {
        Entries t = table;
        if (t == NONE) {
            return; // dropped: recording has stopped, and what an event still on its way names is not kept
        }
        boolean collectedSince = collected.get() == null;
        if (2 * (used + 1) > t.words.length || collectedSince) {
            long start = ThreadState.ownStart();
            t = rebuild(t, collectedSince);
            s.ownSince(start);
        }
        int n = used; // the next place in the store: every entry since the last rebuild is there, live or not
        t.entries[n] = new Entry(object, id);
        t.keys[n] = hash;
        // after the entry, with a release store: a reader that sees the word sees the entry (one that sees the
        // word and no entry looks again under the lock)
        place(t.words, hash, (long) n << KEY_BITS | hash, true);
        s.own(entryBytes);
        used++;
        table = t;
    }

    /**
     * A fresh id for an object that has no entry (filler, a class's resolved references); its allocation is
     * recorded under the lock too. {@code slotsAndType}: its reference slots and type id as in the event.
     */
    long anonymous(ThreadState s, long bytes, long slotsAndType) {
        s.flushRoots();
        synchronized (lock) {
            s.event(EventLog.ALLOC, ++lastId, bytes, slotsAndType);
            return lastId;
        }
    }

    /** The table rebuilt: swept first when a collection ran since the last sweep. */
    private Entries rebuild(Entries old, boolean collectedSince) {
        if (!collectedSince) {
            return rehash(old);
        }
        sweep(old);
        Entries t = rehash(old);
        // made after the new table: a collection its allocation ran is swept only after the next one. Made
        // before, in a small young generation every sweep's allocation ran one and every insertion swept the
        // whole table again (validate's 1 MB: 210 s for a program recorded in 2 s)
        collected = new WeakReference<>(new Object());
        return t;
    }

    /**
     * Drops the entries whose objects a collection found dead since the last sweep: the live ones move to
     * the front of the store, in order, and are counted. A reader of the old table may then find another
     * entry (or none) where its word points: it compares the entry's object with its own, so it only misses
     * and looks again under the lock. A table that no collection ran under since it was last swept has no
     * dead entry (only a collection clears a weak reference): a rebuild for growth alone skips this, which
     * would otherwise load every entry's weak reference (each a cache miss) to find none.
     */
    private void sweep(Entries table) {
        Entry[] entries = table.entries;
        int[] keys = table.keys;
        int live = 0;
        for (int n = 0; n < used; n++) {
            if (entries[n].get() != null) {
                entries[live] = entries[n];
                keys[live++] = keys[n];
            }
        }
        Arrays.fill(entries, live, used, null);
        used = live;
    }

    /**
     * The store's first {@link #used} entries in a table at least four times as large as they are (so that
     * rebuilds, which look at every entry, come after at least a quarter of the table's length of
     * insertions), with a store that takes at least half the table's length of entries (the old one when
     * it does and is not four times that).
     */
    private Entries rehash(Entries old) {
        int length = FIRST; // after a collection most entries are gone: the table shrinks to what is live
        while (4L * used > length) {
            length *= 2;
        }
        int capacity = length / 2;
        boolean keep = old.entries.length >= capacity && old.entries.length <= 4 * capacity;
        Entries t = new Entries(new long[length],
                keep ? old.entries : Arrays.copyOf(old.entries, capacity),
                keep ? old.keys : Arrays.copyOf(old.keys, capacity));
        for (int n = 0; n < used; n++) {
            place(t.words, t.keys[n], (long) n << KEY_BITS | t.keys[n], false);
        }
        return t;
    }

    /** Puts {@code word} at the first free place of {@code key}'s probe sequence (with a release store when readers may see it). */
    private static void place(long[] words, int key, long word, boolean release) {
        int mask = words.length - 1;
        int i = Threads.spread(key) & mask;
        while (words[i] != 0) {
            i = (i + 1) & mask;
        }
        if (release) {
            Layouts.UNSAFE.putOrderedLong(words, LONGS + (long) Long.BYTES * i, word);
        } else {
            words[i] = word;
        }
    }

    /** An entry: a weak reference to the object, with its id (final: a reader that sees the entry sees its id). */
    private static final class Entry extends WeakReference<Object> {
        final long id;

        Entry(Object object, long id) {
            super(object);
            this.id = id;
        }
    }

    /**
     * The table: the places' words (an entry's key, its identity hash code's 31 bits with the low bit set, in
     * the low 31 bits, the entry's place in the store above: one load for both; keys have the low bit set,
     * so 0 means empty), and the store: the entries and their keys in the order they were made (the keys for
     * the rebuilds, which then read the store in order). A lookup scans the words without touching other
     * objects' references. A table may share its store with the one it was rebuilt from: the old table's
     * words never name the places appended since, and a sweep only moves entries forward.
     */
    private static final class Entries {
        final long[] words;
        final Entry[] entries;
        final int[] keys;

        Entries(long[] words, Entry[] entries, int[] keys) {
            this.words = words;
            this.entries = entries;
            this.keys = keys;
        }

        /** A table of {@code length} places, with a store of half as many entries. */
        Entries(int length) {
            this(new long[length], new Entry[length / 2], new int[length / 2]);
        }
    }

    /**
     * Lets go of every entry (recording stopped for good: the program's heap gets back what the table
     * held); returns the entries there were and the bytes they and the table took. Allocates nothing.
     */
    long[] drop(long[] sizes) {
        synchronized (lock) {
            Entries t = table;
            sizes[0] = used;
            sizes[1] = used * entryBytes + (long) t.words.length * Long.BYTES
                    + (long) t.entries.length * (referenceBytes() + Integer.BYTES);
            table = NONE;
            used = 0;
            return sizes;
        }
    }

    private static long referenceBytes() {
        return Layouts.UNSAFE.arrayIndexScale(Object[].class);
    }

    /** Ids handed out so far. */
    long count() {
        synchronized (lock) {
            return lastId;
        }
    }
}
