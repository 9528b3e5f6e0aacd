package org.jmmtk.conformance;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.PlanProvider;

/**
 * Replays a program in a heap smaller than its maximum live size, which no correct collector can run
 * in: the run must end as a simulated out-of-memory with a message, not with a sanity failure, another
 * exception or a run that completes by losing live objects.
 */
final class OutOfMemoryCheck {
    private OutOfMemoryCheck() {
    }

    static void run(PlanProvider plan, TestProgram program, int gcThreads) throws IOException {
        long heap = program.heap(0.5);
        Options options = new Options().heapBytes(heap).threads(gcThreads).sanity(true);
        RunResult r = Simulation.run(plan, options, program.source());
        assertNotNull(r.outOfMemory(), program + " completed in " + heap + " bytes, half its maximum live size "
                + program.maxLiveBytes() + ": live objects were lost");
        assertTrue(!r.outOfMemory().isBlank(), "the out-of-memory report says what ran out");
    }
}
