package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader's dependency table against an exact model that remembers every allocation and the last
 * store into every slot forever: on random record sequences (dense and huge ids, objects owned by one
 * thread and objects every thread stores into, global roots) with mutator threads that lag behind
 * the reader at random but never by more than the window, a record is told to wait for the exact
 * record it depends on whenever that is another thread's and not yet done (for a store, possibly a
 * later store of that same thread, which implies it), and only ever for an earlier record. A tiny
 * window and page size make the table forget pages and slot entries all the time; its pages stay
 * bounded.
 */
class DependencyTableTest {
    private static final int THREADS = 3;
    private static final long WINDOW = 64;
    private static final int PAGE_BITS = 3;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void waitsForEveryUndoneDependencyOfAnotherThread(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Long>> records = new ArrayList<>();
        long[] done = new long[THREADS];
        int[] doneIndex = new int[THREADS];
        for (int t = 0; t < THREADS; t++) {
            records.add(new ArrayList<>());
        }
        DependencyTable.Progress progress = r -> done[DependencyTable.threadOf(r)] >= DependencyTable.positionOf(r);
        DependencyTable table = new DependencyTable(WINDOW, PAGE_BITS, progress);
        Map<Long, Long> allocation = new HashMap<>();
        Map<Long, Long> lastStore = new HashMap<>();
        List<Long> objects = new ArrayList<>();
        long nextId = 1;
        int maxPages = 0;
        for (long position = 1; position <= 20_000; position++) {
            // the mutator threads progress at random, but none lags more than the window behind
            for (int t = 0; t < THREADS; t++) {
                List<Long> mine = records.get(t);
                while (doneIndex[t] < mine.size()
                        && (mine.get(doneIndex[t]) < position - WINDOW || random.nextInt(4) == 0)) {
                    done[t] = mine.get(doneIndex[t]++);
                }
            }
            table.advance(position);
            int t = random.nextInt(THREADS);
            long record = DependencyTable.encode(position, t);
            records.get(t).add(position);
            int op = random.nextInt(10);
            if (op < 3 || objects.isEmpty()) {
                long id = random.nextInt(20) == 0 ? (1L << 38) + nextId++ : nextId++;
                table.allocated(id, record);
                allocation.put(id, record);
                objects.add(id);
            } else if (op < 9) {
                // recent objects mostly (each thread's own), and a few old ones every thread shares
                long object = random.nextInt(3) == 0 ? objects.get(random.nextInt(Math.min(8, objects.size())))
                        : objects.get(objects.size() - 1 - random.nextInt(Math.min(6, objects.size())));
                int slot = random.nextInt(4);
                long told = table.store(object, slot, record);
                Long exact = lastStore.put((object << 24) | slot, record);
                check(exact, told, t, position, progress, "store into " + object + "." + slot);
                long alloc = table.allocation(object);
                long exactAlloc = allocation.get(object);
                if (!progress.hasDone(exactAlloc)) {
                    assertEquals(exactAlloc, alloc, "allocation of " + object + " at " + position);
                }
            } else {
                int slot = random.nextInt(3);
                long told = table.storeGlobal(slot, record);
                Long exact = lastStore.put(-1L - slot, record);
                check(exact, told, t, position, progress, "global " + slot);
            }
            maxPages = Math.max(maxPages, table.pages());
        }
        // ids touched within a window (twice over, as pages go at the next sweep) plus the shared old pages
        assertTrue(maxPages <= 3 * WINDOW / (1 << PAGE_BITS) + 4, "pages in use: " + maxPages);
    }

    private static void check(Long exact, long told, int thread, long position, DependencyTable.Progress progress,
                              String what) {
        String at = what + " at " + position + " by thread " + thread;
        if (told != 0) {
            assertTrue(DependencyTable.positionOf(told) < position, at + ": waits for a later record");
        }
        if (exact == null || DependencyTable.threadOf(exact) == thread || progress.hasDone(exact)) {
            return;
        }
        assertTrue(told != 0, at + ": must wait for " + DependencyTable.positionOf(exact));
        assertEquals(DependencyTable.threadOf(exact), DependencyTable.threadOf(told), at);
        assertTrue(DependencyTable.positionOf(told) >= DependencyTable.positionOf(exact), at + ": waits for "
                + DependencyTable.positionOf(told) + ", before " + DependencyTable.positionOf(exact));
    }
}
