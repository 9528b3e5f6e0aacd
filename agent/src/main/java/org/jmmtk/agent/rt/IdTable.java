package org.jmmtk.agent.rt;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Object ids by identity, without touching the objects: a striped hash table of weak references keyed
 * by {@link System#identityHashCode}. Ids count up from 1 and are never reused; an entry whose object
 * was collected is dropped, so a later object at the same address gets a new id. The first lookup of
 * an object assigns its id and records its allocation while holding the stripe's lock, so any thread
 * that sees the id afterwards records its own event later in the global order. Any thread.
 */
final class IdTable {
    private static final int STRIPES = 256;

    private final Stripe[] stripes = new Stripe[STRIPES];
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
    private final AtomicLong lastId = new AtomicLong();

    IdTable() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** The object's id (0 for null), assigning one and recording its allocation on {@code s} when it is new. */
    long idOf(Object object, ThreadState s) {
        if (object == null) {
            return 0;
        }
        expunge();
        int hash = System.identityHashCode(object);
        Stripe stripe = stripes[hash & (STRIPES - 1)];
        synchronized (stripe) {
            long id = stripe.find(object, hash);
            if (id != 0) {
                return id;
            }
            id = lastId.incrementAndGet();
            stripe.add(new Entry(object, hash, id, collected));
            Recorder.firstSight(object, id, s);
            return id;
        }
    }

    /** Ids handed out so far. */
    long count() {
        return lastId.get();
    }

    private void expunge() {
        Entry e;
        while ((e = (Entry) collected.poll()) != null) {
            Stripe stripe = stripes[e.hash & (STRIPES - 1)];
            synchronized (stripe) {
                stripe.remove(e);
            }
        }
    }

    private static final class Entry extends WeakReference<Object> {
        final int hash;
        final long id;
        Entry next;

        Entry(Object referent, int hash, long id, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.hash = hash;
            this.id = id;
        }
    }

    /** One stripe: chained buckets, doubled when the load passes 1. Guarded by its own lock. */
    private static final class Stripe {
        private Entry[] table = new Entry[16];
        private int size;

        long find(Object object, int hash) {
            for (Entry e = table[index(hash, table.length)]; e != null; e = e.next) {
                if (e.hash == hash && e.get() == object) {
                    return e.id;
                }
            }
            return 0;
        }

        void add(Entry entry) {
            if (++size > table.length) {
                grow();
            }
            int i = index(entry.hash, table.length);
            entry.next = table[i];
            table[i] = entry;
        }

        void remove(Entry entry) {
            int i = index(entry.hash, table.length);
            Entry prev = null;
            for (Entry e = table[i]; e != null; prev = e, e = e.next) {
                if (e == entry) {
                    if (prev == null) {
                        table[i] = e.next;
                    } else {
                        prev.next = e.next;
                    }
                    size--;
                    return;
                }
            }
        }

        private void grow() {
            Entry[] old = table;
            table = new Entry[old.length * 2];
            for (Entry head : old) {
                Entry e = head;
                while (e != null) {
                    Entry next = e.next;
                    int i = index(e.hash, table.length);
                    e.next = table[i];
                    table[i] = e;
                    e = next;
                }
            }
        }

        private static int index(int hash, int length) {
            return (hash >>> 8) & (length - 1);
        }
    }
}
