package org.jmmtk.agent.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The id table's rebuilds: one for growth keeps every entry with its id (it does not look for dead
 * entries, none can be there without a collection), and the first insertion after a collection drops
 * the entries of the objects it found dead and keeps the others with their ids, ids too large for a
 * place's word (kept in the entry) included. Entries go in as the
 * recorder binds an id reserved at an object's {@code NEW} (no event, no layout); objects are arrays,
 * which the thread's cache of recent objects never holds, so each lookup probes the table. The entries
 * are kept in a store in the order they were made, and a sweep moves the live ones to its front while
 * readers may still probe the table before it: those readers must find each object's own id or miss and
 * look again under the lock, never another entry's id.
 */
class IdTableRebuildTest {
    /** Several times the first table's 65,536 places: five rebuilds for growth. */
    private static final int OBJECTS = 300_000;

    @Test
    void rebuildsForGrowthKeepEveryEntryWithItsId() {
        IdTable table = new IdTable();
        List<Object> objects = bound(table, OBJECTS, 1);
        ThreadState reader = new ThreadState(Thread.currentThread(), 1);
        for (int i = 0; i < OBJECTS; i++) {
            assertEquals(i + 1, table.idOf(objects.get(i), reader), "object " + i + "'s id after the rebuilds");
        }
        assertEquals(OBJECTS, table.drop(new long[2])[0], "entries");
    }

    @Test
    void theFirstInsertionAfterACollectionDropsTheDeadEntriesAndKeepsTheLiveOnes() {
        IdTable table = new IdTable();
        List<Object> objects = bound(table, OBJECTS, 1);
        List<Object> kept = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i += 10) {
            kept.add(objects.get(i));
        }
        objects = null;
        collect();
        Object last = new Object[1];
        table.bind(last, IdTable.key(last), OBJECTS + 1, new ThreadState(Thread.currentThread(), 0));
        ThreadState reader = new ThreadState(Thread.currentThread(), 1);
        for (int k = 0; k < kept.size(); k++) {
            assertEquals(10L * k + 1, table.idOf(kept.get(k), reader), "kept object " + k + "'s id after the sweep");
        }
        assertEquals(OBJECTS + 1, table.idOf(last, reader), "the object inserted after the collection");
        assertEquals(kept.size() + 1, table.drop(new long[2])[0], "entries: the kept objects and the last one");
    }

    @Test
    void idsTooLargeForAnEntrysWordKeepThroughLookupsAndRebuilds() {
        IdTable table = new IdTable();
        long first = (1L << 33) - 1 - OBJECTS / 2; // 2^33 - 1 and above: more than a place's word holds beside a key (ids are kept in the entries)
        List<Object> objects = bound(table, OBJECTS, first);
        ThreadState reader = new ThreadState(Thread.currentThread(), 1);
        for (int i = 0; i < OBJECTS; i++) {
            assertEquals(first + i, table.idOf(objects.get(i), reader), "object " + i + "'s id after the rebuilds");
        }
    }

    @Test
    void readersOfTheTableASweepIsMovingEntriesInFindEachObjectsOwnId() throws InterruptedException {
        IdTable table = new IdTable();
        int rounds = 12;
        int perRound = 60_000;
        Object[] kept = new Object[rounds * perRound / 4];
        long[] keptIds = new long[kept.length];
        AtomicInteger published = new AtomicInteger();
        AtomicReference<String> wrong = new AtomicReference<>();
        Thread[] readers = new Thread[2];
        for (int r = 0; r < readers.length; r++) {
            int number = r + 1;
            readers[r] = new Thread(() -> {
                ThreadState s = new ThreadState(Thread.currentThread(), number);
                try {
                    for (int i = 0; published.get() < kept.length && wrong.get() == null; i = (i + 7) % Math.max(1, published.get())) {
                        if (i < published.get()) {
                            long id = table.idOf(kept[i], s);
                            if (id != keptIds[i]) {
                                wrong.compareAndSet(null, "kept object " + i + ": id " + id + ", bound to " + keptIds[i]);
                            }
                        }
                    }
                } catch (RuntimeException | Error e) {
                    wrong.compareAndSet(null, "a lookup threw " + e);
                }
            }, "reader-" + number);
            readers[r].start();
        }
        ThreadState writer = new ThreadState(Thread.currentThread(), 0);
        long id = 1;
        int k = 0;
        for (int round = 0; round < rounds; round++) {
            // three dead objects before each kept one: the sweep after this round's collection moves the kept ones forward
            for (int i = 0; i < perRound; i++) {
                Object o = new Object[1];
                table.bind(o, IdTable.key(o), id, writer);
                if (i % 4 == 3) {
                    kept[k] = o;
                    keptIds[k] = id;
                    published.set(++k);
                }
                id++;
            }
            collect();
        }
        published.set(kept.length);
        for (Thread reader : readers) {
            reader.join();
        }
        assertNull(wrong.get(), "a reader found another entry's id, or failed");
        ThreadState after = new ThreadState(Thread.currentThread(), 3);
        for (int i = 0; i < kept.length; i++) {
            assertEquals(keptIds[i], table.idOf(kept[i], after), "kept object " + i + "'s id after the sweeps");
        }
    }

    /**
     * {@code n} new arrays bound to ids {@code first} to {@code first + n - 1}, in that order, by a thread
     * state of their own (its cache of recent objects holds some of them: it goes when this returns).
     */
    private static List<Object> bound(IdTable table, int n, long first) {
        ThreadState s = new ThreadState(Thread.currentThread(), 0);
        List<Object> objects = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Object o = new Object[1];
            objects.add(o);
            table.bind(o, IdTable.key(o), first + i, s);
        }
        return objects;
    }

    /** Runs full collections until a weak reference to an unreachable object is cleared. */
    private static void collect() {
        WeakReference<Object> probe = new WeakReference<>(new Object());
        for (int i = 0; i < 20 && probe.get() != null; i++) {
            System.gc();
        }
        assertNull(probe.get(), "a collection ran");
    }
}
