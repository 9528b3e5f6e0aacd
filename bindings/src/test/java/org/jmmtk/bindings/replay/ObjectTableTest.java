package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The id table shared by mutator threads: entries put by two threads at once, interleaved in the same
 * pages, are all found; the per-thread counts add up to the entries; dropping dead entries resets them.
 */
class ObjectTableTest {
    private static final int PER_THREAD = 50_000;

    @Test
    void twoThreadsPuttingInterleavedIdsAreAllFoundAndCounted() throws InterruptedException {
        ObjectTable table = new ObjectTable();
        table.put(7, address(7));
        table.shareBetweenThreads();
        long seed = new Random().nextLong();
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            int self = t;
            // ids in runs of random length, alternating between the threads, above and below 2^31
            threads[t] = new Thread(() -> {
                for (long id : ids(seed, self)) {
                    table.put(id, address(id));
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(address(7), table.get(7));
        List<Long> all = new ArrayList<>(ids(seed, 0));
        all.addAll(ids(seed, 1));
        for (long id : all) {
            assertEquals(address(id), table.get(id), "id " + id + " (seed " + seed + ")");
        }
        // thread ids a multiple of 64 apart share a stripe and may lose counts; two started in a row do not
        if ((threads[0].getId() - threads[1].getId()) % 64 != 0) {
            assertEquals(all.size() + 1, table.size(), "seed " + seed);
        }

        table.retainIf((address, id) -> id % 3 == 0);
        long kept = all.stream().filter(id -> id % 3 == 0).count();
        assertEquals(kept, table.size(), "seed " + seed);
        long[] visited = new long[1];
        table.forEach((address, id) -> true, (id, address) -> {
            assertEquals(0, id % 3);
            assertEquals(address(id), address);
            visited[0]++;
        });
        assertEquals(kept, visited[0]);
        table.put(3 * 1_000_003L, 1);
        assertEquals(kept + 1, table.size());
    }

    private static long address(long id) {
        return id * 100;
    }

    /** The ids thread {@code self} puts: runs of 1 to 300 consecutive ids, every other run its own. */
    private static List<Long> ids(long seed, int self) {
        Random random = new Random(seed);
        List<Long> ids = new ArrayList<>();
        long next = 8;
        for (int run = 0; ids.size() < PER_THREAD; run++) {
            int length = 1 + random.nextInt(300);
            if (run % 2 == self) {
                for (int i = 0; i < length; i++) {
                    ids.add(next + i);
                }
            }
            next += length;
            if (run == 100) {
                next = (1L << 31) - 50;
            }
        }
        return ids;
    }
}
