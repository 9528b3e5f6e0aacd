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

    /** 97 makes 207 runs, more than are merged at once; 1,000 makes 20; 100,000 none. */
    @ParameterizedTest(name = "at most {0} deaths in memory")
    @ValueSource(ints = {97, 1000, 100_000})
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

    @org.junit.jupiter.api.Test
    void aPerfectTraceDoesNotDependOnHowTheDeathsWereSorted() throws IOException {
        var program = org.jmmtk.bindings.workloads.Workloads.REGISTRY.find("random").orElseThrow().factory().create(3, 0.05);
        List<String> spilled;
        List<String> inMemory;
        try (DeathLog small = new DeathLog(dir, 16); DeathLog large = new DeathLog(dir)) {
            var plan = org.jmmtk.plans.Plans.REGISTRY.find("semispace").orElseThrow();
            Lifetimes.merlin(plan, new org.jmmtk.core.Options().heapBytes(16 << 20).threads(2),
                    program, small);
            Lifetimes.bruteForce(program, large);
            assertTrue(small.runs() > 64, "runs: " + small.runs());
            org.jmmtk.bindings.trace.RecordingEvents a = new org.jmmtk.bindings.trace.RecordingEvents();
            org.jmmtk.bindings.trace.RecordingEvents b = new org.jmmtk.bindings.trace.RecordingEvents();
            Lifetimes.insert(program, small, a);
            Lifetimes.insert(program, large, b);
            spilled = a.events();
            inMemory = b.events();
        }
        assertEquals(inMemory, spilled);
        assertTrue(spilled.stream().anyMatch(e -> e.startsWith("D ")));
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
