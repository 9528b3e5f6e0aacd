package org.jmmtk.plugins.merlin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The stamp table against a plain map, through insertions, stamps, removals and the trims after
 * collections, for dense ids in order, dense ids shuffled, strided ids, and ids beyond the paged range.
 */
class StampTableTest {
    /** The sample with which CI once drew id 0 (not an object id) from the last kind of ids. */
    @Example
    void aSeedThatOnceDrewIdZero() {
        behavesLikeAMap(21749838962163L, 3);
    }

    @Property(tries = 12)
    void behavesLikeAMap(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int idKind) {
        SplittableRandom random = new SplittableRandom(seed);
        StampTable table = new StampTable();
        Map<Long, long[]> expected = new HashMap<>();
        long next = 1;
        for (int round = 0; round < 20; round++) {
            int allocations = random.nextInt(3000);
            for (int k = 0; k < allocations; k++) {
                long id = switch (idKind) {
                    case 0 -> next++;
                    case 1 -> (next++) * 97 + random.nextInt(90);
                    case 2 -> (1L << 31) + random.nextLong(1L << 38);
                    // + 1: ids are positive (next ^ r is 0 when they are equal)
                    default -> (next++ ^ random.nextInt(4)) + 1 + 4 * round * 3000L;
                };
                if (expected.containsKey(id)) {
                    continue;
                }
                long stamp = random.nextLong(1000);
                table.insert(id, stamp);
                expected.put(id, new long[] {stamp});
            }
            for (Map.Entry<Long, long[]> e : expected.entrySet()) {
                switch (random.nextInt(3)) {
                    case 0 -> {
                        long s = random.nextLong(1000);
                        assertTrue(table.setStamp(e.getKey(), s));
                        e.getValue()[0] = s;
                    }
                    case 1 -> {
                        long s = random.nextLong(1000);
                        table.raise(e.getKey(), s);
                        e.getValue()[0] = Math.max(e.getValue()[0], s);
                    }
                    default -> { }
                }
            }
            // a collection: most die, then the table trims itself
            var it = expected.entrySet().iterator();
            while (it.hasNext()) {
                long id = it.next().getKey();
                if (random.nextInt(10) < 9) {
                    table.remove(id);
                    it.remove();
                }
            }
            table.trim();
            assertEquals(expected.size(), table.size());
            for (Map.Entry<Long, long[]> e : expected.entrySet()) {
                assertTrue(table.contains(e.getKey()));
                assertEquals(e.getValue()[0], table.stamp(e.getKey()));
            }
            Map<Long, long[]> seen = new HashMap<>();
            table.forEach((id, stamp) -> seen.put(id, new long[] {stamp}));
            assertEquals(expected.size(), seen.size());
            for (Map.Entry<Long, long[]> e : expected.entrySet()) {
                assertEquals(e.getValue()[0], seen.get(e.getKey())[0]);
            }
            assertTrue(!table.contains(next + (1L << 40)));
            assertEquals(-7, table.stampOrElse(next + (1L << 40), -7));
        }
    }
}
