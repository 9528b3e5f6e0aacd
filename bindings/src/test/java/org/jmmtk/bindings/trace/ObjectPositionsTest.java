package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ObjectPositionsTest {
    /**
     * Random adds, moves and removes of ids counting up, sparse below 2^22, sparse up to 2^62 and
     * non-positive, checked after every operation against a plain hash map; the pages in use stay within
     * the bound that keeps memory proportional to the most ids held at once.
     */
    @Test
    void randomOperationsAgreeWithAHashMap() {
        for (long seed = 1; seed <= 8; seed++) {
            Random random = new Random(seed);
            ObjectPositions positions = new ObjectPositions();
            Long2IntOpenHashMap expected = new Long2IntOpenHashMap();
            expected.defaultReturnValue(ObjectPositions.ABSENT);
            LongArrayList held = new LongArrayList();
            long next = 0;
            int most = 0;
            for (int op = 0; op < 200_000; op++) {
                int what = random.nextInt(10);
                if (what < 5 || held.isEmpty()) {
                    long id;
                    do {
                        id = switch (random.nextInt(4)) {
                            case 0 -> ++next;
                            case 1 -> 1 + random.nextInt(1 << 22);
                            case 2 -> random.nextLong() >>> 2;
                            default -> -random.nextInt(1000);
                        };
                    } while (expected.containsKey(id));
                    int p = random.nextInt(1 << 30);
                    positions.add(id, p);
                    expected.put(id, p);
                    held.add(id);
                    most = Math.max(most, held.size());
                } else if (what < 7) {
                    long id = held.getLong(random.nextInt(held.size()));
                    int p = random.nextInt(1 << 30);
                    positions.move(id, p);
                    expected.put(id, p);
                } else {
                    int i = random.nextInt(held.size());
                    long id = held.getLong(i);
                    held.set(i, held.getLong(held.size() - 1));
                    held.removeLong(held.size() - 1);
                    positions.remove(id);
                    expected.remove(id);
                }
                long probe = random.nextBoolean() && !held.isEmpty() ? held.getLong(random.nextInt(held.size()))
                        : 1 + random.nextInt(1 << 22);
                assertEquals(expected.get(probe), positions.get(probe), "id " + probe + " after op " + op + ", seed " + seed);
                assertTrue(positions.pagesInUse() <= 64 + most / 64,
                        positions.pagesInUse() + " pages for at most " + most + " ids");
            }
            for (long id : held) {
                assertEquals(expected.get(id), positions.get(id));
            }
        }
    }
}
