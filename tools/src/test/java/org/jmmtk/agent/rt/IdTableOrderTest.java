package org.jmmtk.agent.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The id table's one ordering promise, at the point where it can break: when a thread can first find a
 * new object's id in the table (lock-free), the object's allocation already has its place in the global
 * order, so whatever that thread records about the object comes after it. Each interleaving is forced,
 * not waited for: the table runs a hook right after it publishes an entry (with its lock held), and the
 * hook looks objects up and records stores on other threads' states ({@link ThreadState}s of their own;
 * the hook runs on the first sight's Java thread, so a lookup that missed the entry would take the
 * reentrant lock and find it there, and nothing can deadlock). The events are read back from each
 * state's chunk and merged by sequence number, as {@code record} merges the log, and checked as the
 * trace checker would: no store into or of an object before its allocation, one allocation per object.
 * Objects are arrays, whose sizes need no {@code Instrumentation}. Before the fix the entry was
 * published before the allocation took its sequence number, and a store found in between (in CI: the
 * Common-Cleaner thread and the main thread of {@code Words} after {@code System.gc()}) came first:
 * {@code store into object N, which was never allocated}.
 */
class IdTableOrderTest {
    /** A chunk's first size in words: the tests stay below it (a full chunk would go to the log writer, which tests do not start). */
    private static final int CHUNK_WORDS = 200;

    /** One event read back from a chunk. */
    private record Event(long seq, int thread, int kind, long a, long b, long c) {
    }

    @Test
    void aStoreAnotherThreadRecordsWhereItFirstFindsAnIdComesAfterTheAllocation() {
        Object shared = new Object[2];
        ThreadState first = new ThreadState(Thread.currentThread(), 0);
        ThreadState other = new ThreadState(new Thread("other"), 1);
        long[] seen = new long[1];
        IdTable[] table = new IdTable[1];
        table[0] = new IdTable(() -> {
            // the first sight's thread holds the lock here and the entry is visible: another thread names the object
            seen[0] = table[0].idOf(shared, other);
            other.event(EventLog.WRITE, seen[0], 1, 0);
        });
        long id = table[0].idOf(shared, first);
        assertEquals(id, seen[0], "the other thread finds the id the first sight gave");
        List<Event> merged = merged(List.of(first, other));
        assertEquals(List.of(EventLog.ALLOC, EventLog.WRITE), merged.stream().map(Event::kind).toList(),
                "the allocation, then the other thread's store into it: " + merged);
        check(merged);
    }

    @Test
    void randomInterleavingsOfFirstSightsReservationsAndStoresKeepEveryAllocationFirst() {
        for (long seed = 1; seed <= 200; seed++) {
            randomInterleaving(new Random(seed), seed);
        }
    }

    /**
     * Four threads' states name random arrays: first sights (some taking ids reserved at their
     * {@code NEW}), lookups of known objects, and stores between them; at each publication the hook lets
     * random states record stores into and of the object being published (and so first sights of others,
     * whose publications nest).
     */
    private static void randomInterleaving(Random random, long seed) {
        int threads = 4;
        List<ThreadState> states = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            states.add(new ThreadState(new Thread("t" + t), t));
        }
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            objects.add(new Object[1 + random.nextInt(3)]);
        }
        Object[] publishing = new Object[1];
        IdTable[] table = new IdTable[1];
        table[0] = new IdTable(() -> {
            Object published = publishing[0];
            for (int k = random.nextInt(3); k >= 0; k--) {
                ThreadState s = states.get(random.nextInt(threads));
                Object other = objects.get(random.nextInt(objects.size()));
                if (room(s)) {
                    if (random.nextBoolean()) {
                        store(table[0], publishing, s, published, other);
                    } else {
                        store(table[0], publishing, s, other, published);
                    }
                }
            }
        });
        for (int step = 0; step < 120; step++) {
            ThreadState s = states.get(random.nextInt(threads));
            if (!room(s)) {
                continue;
            }
            Object o = objects.get(random.nextInt(objects.size()));
            if (random.nextInt(4) == 0) {
                // a NEW reserves an id (its allocation recorded now); the object takes it at its first sight
                s.reserve(o.getClass(), table[0].reserve(s, 32, 1, 1));
            }
            if (random.nextBoolean()) {
                publishing[0] = o;
                table[0].idOf(o, s);
            } else {
                store(table[0], publishing, s, o, objects.get(random.nextInt(objects.size())));
            }
        }
        List<Event> merged = merged(states);
        try {
            check(merged);
        } catch (AssertionError e) {
            throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
        }
        Set<Long> ids = new HashSet<>();
        ThreadState checker = new ThreadState(new Thread("checker"), threads);
        for (Object o : objects) {
            assertTrue(ids.add(table[0].idOf(o, checker)), "seed " + seed + ": two objects with one id");
        }
    }

    /**
     * Records {@code holder[0] = value} on {@code s}, as the recorder does for an {@code AASTORE};
     * {@code publishing[0]} is the object looked up, for the hook should it be a first sight.
     */
    private static void store(IdTable table, Object[] publishing, ThreadState s, Object holder, Object value) {
        publishing[0] = holder;
        long holderId = table.idOf(holder, s);
        publishing[0] = value;
        long valueId = table.idOf(value, s);
        s.event(EventLog.WRITE, holderId, 0, valueId);
    }

    private static boolean room(ThreadState s) {
        return chunk(s).size() < CHUNK_WORDS - 40;
    }

    /** The state's current chunk (a private field: the recorder hands chunks only to its log writer). */
    private static Chunk chunk(ThreadState s) {
        try {
            Field f = ThreadState.class.getDeclaredField("chunk");
            f.setAccessible(true);
            return (Chunk) f.get(s);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Every state's events in sequence order, as {@code record} merges the threads' chunks. */
    private static List<Event> merged(List<ThreadState> states) {
        List<Event> events = new ArrayList<>();
        for (ThreadState s : states) {
            Chunk c = chunk(s);
            long[] w = c.words;
            for (int p = 0; p < c.size(); ) {
                int kind = (int) (w[p] & ((1 << EventLog.KIND_BITS) - 1));
                int n = EventLog.WORDS[kind];
                events.add(new Event(w[p] >>> EventLog.KIND_BITS, s.thread, kind, w[p + 1], w[p + 2], n > 3 ? w[p + 3] : 0));
                p += n;
            }
        }
        events.sort(Comparator.comparingLong(Event::seq));
        return events;
    }

    /** The trace checker's rules on the merged events: no store into or of an object before its allocation, one allocation per id. */
    private static void check(List<Event> merged) {
        Set<Long> allocated = new HashSet<>();
        for (Event e : merged) {
            if (e.kind() == EventLog.ALLOC && !allocated.add(e.a())) {
                fail("duplicate object id " + e.a() + ": " + merged);
            } else if (e.kind() == EventLog.WRITE && !allocated.contains(e.a())) {
                fail("store into object " + e.a() + ", which was never allocated, at " + e + " in " + merged);
            } else if (e.kind() == EventLog.WRITE && e.c() != 0 && !allocated.contains(e.c())) {
                fail("reference to object " + e.c() + ", which was never allocated, at " + e + " in " + merged);
            }
        }
    }
}
