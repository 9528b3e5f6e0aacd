package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.lifetimes.ScriptedTrace;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;

/**
 * The stop-the-world handshake of the parallel replay under the worst timings: every mutator
 * requesting collections at once (explicit requests and a heap that fills on every thread), and a
 * mutator waiting for another thread's record while that thread collects. A deadlock fails the test
 * by its timeout instead of hanging the build.
 */
class ParallelHandshakeTest {
    private static final int THREADS = 4;

    /** Every thread allocates into a tiny heap and asks for collections, all at the same time. */
    @RepeatedTest(8)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void everyMutatorRequestsACollectionAtOnce() throws IOException {
        ScriptedTrace trace = new ScriptedTrace("all collect");
        long id = 1;
        for (int round = 0; round < 400; round++) {
            for (int t = 0; t < THREADS; t++) {
                trace.alloc(t, id, 64, 1, 0);
                trace.root(t, round % 3, id);
                id++;
                if (round % 10 == 0) {
                    trace.collect(); // runs on thread t: the record before it was t's
                }
            }
        }
        // room for four threads' allocation buffers besides the live objects
        check(trace, "semispace", 256 << 10);
        check(trace, "marksweep", 1 << 20);
    }

    /**
     * Thread 1's only records name an object thread 0 allocates last, after many allocations that
     * collect: thread 1 waits for that record (in its safe region) through all of thread 0's
     * collections, which must not wait for it.
     */
    @RepeatedTest(8)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMutatorWaitingForAnotherThreadDoesNotHoldUpCollections() throws IOException {
        ScriptedTrace trace = new ScriptedTrace("waiting");
        long id = 1;
        for (int i = 0; i < 3000; i++) {
            trace.alloc(0, id, 48, 1, 0);
            trace.root(0, i % 4, id);
            id++;
        }
        long shared = id;
        trace.alloc(0, shared, 32, 0, 0);
        trace.root(1, 0, shared);
        trace.root(0, 0, 0);
        RunResult r = check(trace, "semispace", 32 << 10);
        assertTrue(r.gcCount() > 5, "thread 0 collected " + r.gcCount() + " times");
    }

    private static RunResult check(ScriptedTrace trace, String plan, long heap) throws IOException {
        ParallelReplayTest.Final sequential = ParallelReplayTest.run(plan, trace, heap, 1, 2);
        ParallelReplayTest.Final parallel = ParallelReplayTest.run(plan, trace, heap, THREADS, 2);
        assertNull(parallel.result().outOfMemory(), parallel.result().outOfMemory());
        assertEquals(sequential.graph(), parallel.graph(), plan);
        assertEquals(sequential.result().finalLiveBytes(), parallel.result().finalLiveBytes(), plan);
        return parallel.result();
    }
}
