package org.jmmtk.agent.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The id table's rebuilds: one for growth keeps every entry with its id (it does not look for dead
 * entries, none can be there without a collection), and the first insertion after a collection drops
 * the entries of the objects it found dead and keeps the others with their ids, large ids (kept beside
 * the table's words) included. Entries go in as the
 * recorder binds an id reserved at an object's {@code NEW} (no event, no layout); objects are arrays,
 * which the thread's cache of recent objects never holds, so each lookup probes the table.
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
        long first = (1L << 33) - 1 - OBJECTS / 2; // 2^33 - 1 and above are kept beside the table's words
        List<Object> objects = bound(table, OBJECTS, first);
        ThreadState reader = new ThreadState(Thread.currentThread(), 1);
        for (int i = 0; i < OBJECTS; i++) {
            assertEquals(first + i, table.idOf(objects.get(i), reader), "object " + i + "'s id after the rebuilds");
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
