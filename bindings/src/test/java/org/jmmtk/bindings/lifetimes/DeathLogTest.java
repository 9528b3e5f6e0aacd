package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The external sort of deaths gives them back by death point and then id, whether they stayed in memory
 * or spilled into many runs, and leaves no run behind when closed.
 */
class DeathLogTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "at most {0} deaths in memory")
    @ValueSource(ints = {1, 7, 1000, 100_000})
    void givesDeathsBackSortedAndDeletesItsRuns(int limit) throws IOException {
        SplittableRandom random = new SplittableRandom(limit);
        List<long[]> expected = new ArrayList<>();
        try (DeathLog log = new DeathLog(dir, limit)) {
            for (int i = 0; i < 20_000; i++) {
                // large gaps and ids too, so the varints of the runs take many bytes
                long point = random.nextInt(5) == 0 ? random.nextLong(1L << 50) : random.nextInt(300);
                long id = random.nextInt(3) == 0 ? random.nextLong(1L << 40) + 1 : random.nextInt(5000) + 1;
                log.died(id, point);
                expected.add(new long[] {point, id});
            }
            expected.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
            assertEquals(limit < 20_000, log.runs() > 0);
            DeathLog.Cursor c = log.sorted();
            for (long[] e : expected) {
                assertTrue(c.next());
                assertEquals(e[0], c.deathPoint());
                assertEquals(e[1], c.id());
            }
            assertTrue(!c.next() && !c.next());
            assertEquals(20_000, log.size());
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }

    @ParameterizedTest(name = "at most {0} deaths in memory")
    @ValueSource(ints = {2, 1000})
    void takesBatchAfterBatchWhenReset(int limit) throws IOException {
        try (DeathLog log = new DeathLog(dir, limit)) {
            for (int batch = 0; batch < 3; batch++) {
                for (long id = 10; id > 0; id--) {
                    log.died(id * 100 + batch, 0);
                }
                DeathLog.Cursor c = log.sorted();
                for (long id = 1; id <= 10; id++) {
                    assertTrue(c.next());
                    assertEquals(id * 100 + batch, c.id());
                }
                assertTrue(!c.next());
                log.reset();
            }
        }
    }
}
