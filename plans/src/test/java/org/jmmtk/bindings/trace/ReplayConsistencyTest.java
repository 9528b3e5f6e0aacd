package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The replay binding rejects inconsistent traces on every plan, located at the offending record. */
class ReplayConsistencyTest {
    @TempDir
    Path dir;

    private static RunResult replay(String plan, Path file) throws IOException {
        Plans.Entry entry = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(4L << 20).threads(2).sanity(true);
        return Simulation.run(entry, options, TraceFormat.open(file));
    }

    private void assertInconsistent(String plan, Path file, long line, String reason) {
        assertTraceError(file, line, reason, () -> replay(plan, file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void duplicateObjectId(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 0", "R 0 0 1", "A 0 2 32 0", "A 1 1 48 0");
        assertInconsistent(plan, file, 5, "duplicate object id 1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void storeIntoObjectNeverAllocated(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "W 0 5 0 1");
        assertInconsistent(plan, file, 3, "store into object 5, which was never allocated");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void storeOfTargetNeverAllocated(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "W 0 1 0 9");
        assertInconsistent(plan, file, 3, "reference to object 9, which was never allocated");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void rootToObjectNeverAllocated(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "R 0 0 4");
        assertInconsistent(plan, file, 3, "root reference to object 4, which was never allocated");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void globalToObjectNeverAllocated(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "G 0 4");
        assertInconsistent(plan, file, 3, "global reference to object 4, which was never allocated");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void slotIndexOutOfRange(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 48 2", "W 0 1 1 1", "W 0 1 2 1");
        assertInconsistent(plan, file, 4, "slot 2 is out of range: object 1 has 2 reference slots");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nogc", "semispace", "marksweep"})
    void deathOfObjectNeverAllocated(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 16 0", "D 1", "D 2");
        assertInconsistent(plan, file, 4, "death of object 2, which was never allocated");
    }

    /** Object 1 is rooted, unrooted, collected by an explicit GC, then stored into on line 6. */
    private Path storeAfterCollection() throws IOException {
        return TraceFiles.text(dir, "collected.trace", "A 0 1 32 1", "R 0 0 1", "R 0 0 0", "C", "W 0 1 0 0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void storeIntoCollectedObject(String plan) throws IOException {
        assertInconsistent(plan, storeAfterCollection(), 6,
                "store into object 1, which was already collected (unreachable at an earlier GC)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void storeOfCollectedTarget(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace",
                "A 0 1 32 1", "A 0 2 32 1", "R 0 0 1", "R 0 1 2", "R 0 0 0", "C", "W 0 2 0 1");
        assertInconsistent(plan, file, 8,
                "reference to object 1, which was already collected (unreachable at an earlier GC)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void rootToCollectedObject(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "C", "R 0 0 1");
        assertInconsistent(plan, file, 4,
                "root reference to object 1, which was already collected (unreachable at an earlier GC)");
    }

    /**
     * A store with two defects reports the first in the checks' order (the checker's: slot range,
     * thread, source and target allocated; then the replay's: source collected, slot against the
     * source's slots, target collected), however the replay's fast path for valid stores is taken.
     */
    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void aStoreWithTwoDefectsReportsTheFirstInCheckOrder(String plan) throws IOException {
        // slot out of the source's range and a target never allocated: the checker's target check first
        assertInconsistent(plan, TraceFiles.text(dir, "a.trace", "A 0 1 32 1", "W 0 1 3 9"), 3,
                "reference to object 9, which was never allocated");
        // the same from a thread not seen before
        assertInconsistent(plan, TraceFiles.text(dir, "b.trace", "A 0 1 32 1", "W 7 1 3 9"), 3,
                "reference to object 9, which was never allocated");
        // source collected and target never allocated: the checker's target check first
        assertInconsistent(plan, TraceFiles.text(dir, "c.trace", "A 0 1 32 1", "C", "W 0 1 0 9"), 4,
                "reference to object 9, which was never allocated");
        // source collected and slot out of its range: the source first
        assertInconsistent(plan, TraceFiles.text(dir, "d.trace", "A 0 1 32 1", "C", "W 0 1 4 0"), 4,
                "store into object 1, which was already collected (unreachable at an earlier GC)");
        // slot out of the source's range and target collected: the slot first
        assertInconsistent(plan, TraceFiles.text(dir, "e.trace", "A 0 1 32 1", "A 0 2 32 0", "R 0 0 1", "C",
                "W 0 1 1 2"), 6, "slot 1 is out of range: object 1 has 1 reference slots");
        // roots to a collected object and to one never allocated, from a known thread and a new one
        assertInconsistent(plan, TraceFiles.text(dir, "f.trace", "A 0 1 32 1", "C", "R 0 0 1"), 4,
                "root reference to object 1, which was already collected (unreachable at an earlier GC)");
        assertInconsistent(plan, TraceFiles.text(dir, "g.trace", "A 0 1 32 1", "R 3 0 2"), 3,
                "root reference to object 2, which was never allocated");
        assertInconsistent(plan, TraceFiles.text(dir, "h.trace", "A 0 1 32 1", "C", "G 2 1"), 4,
                "global reference to object 1, which was already collected (unreachable at an earlier GC)");
    }

    @Test
    void storeIntoUnreachableObjectIsFineWithoutCollection() throws IOException {
        RunResult result = replay("nogc", storeAfterCollection());
        assertFalse(result.isOutOfMemory());
        assertEquals(1, result.objectsAllocated());
        assertEquals(0L, result.finalLiveObjects());
        assertEquals(0L, result.finalLiveBytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void objectsKeptReachableSurviveAnExplicitCollection(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace",
                "A 0 1 32 1", "A 0 2 40 0", "R 0 0 1", "W 0 1 0 2", "C", "W 0 1 0 2", "A 0 3 24 0", "R 0 1 3");
        RunResult result = replay(plan, file);
        assertEquals(3, result.objectsAllocated());
        assertEquals(3L, result.finalLiveObjects());
        assertEquals(96L, result.finalLiveBytes());
    }
}
