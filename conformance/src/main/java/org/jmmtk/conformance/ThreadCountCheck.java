package org.jmmtk.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.PlanProvider;

/**
 * Replays a program with each GC thread count (sanity checker on) and requires the same
 * {@link LogicalResult}: the same collections at the same points, the same bytes copied and marked,
 * the same edges traced, the same final live set. Parallel collection must not change what is collected.
 */
final class ThreadCountCheck {
    private ThreadCountCheck() {
    }

    static void run(PlanProvider plan, TestProgram program, long heap, int[] gcThreads)
            throws IOException {
        String expected = null;
        for (int threads : gcThreads) {
            Options options = new Options().heapBytes(heap).threads(threads).sanity(true);
            RunResult r = Simulation.run(plan, options, program.source());
            assertNull(r.outOfMemory(), program + " with " + threads + " GC threads: " + r.outOfMemory());
            String actual = LogicalResult.of(r);
            if (expected == null) {
                expected = actual;
            } else {
                assertEquals(expected, actual, program + ": " + threads + " GC threads differ from " + gcThreads[0]);
            }
        }
    }
}
