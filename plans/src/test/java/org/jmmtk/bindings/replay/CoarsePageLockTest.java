package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The coarse page-resource lock ({@code --page-resource-lock coarse}: each mutator holds its space's
 * page-resource lock across its whole slow path but the poll) neither deadlocks with collections (whose
 * GC workers take the same lock to allocate copies, one of them on the requesting mutator's thread) nor
 * changes the result: random multi-threaded traces replayed on 2 and 4 mutator threads, 1 and 2 GC threads,
 * in a heap small enough to collect often, end with the sequential fine-lock replay's heap graph and live
 * set, on every plan, with the sanity checker after every collection. A deadlock fails by the timeout.
 */
class CoarsePageLockTest {
    static java.util.stream.Stream<String> plans() {
        return Plans.REGISTRY.all().stream().map(Plans.Entry::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void coarseLockKeepsTheSequentialReplaysHeap(String plan) throws IOException {
        int collected = 0;
        for (long seed = 11; seed <= 12; seed++) {
            TraceSource trace = RandomTraces.generate(seed * 104729, 1500, 3);
            long heap = ParallelReplayTest.heapFor(plan, trace);
            ParallelReplayTest.Final sequential = ParallelReplayTest.run(plan, trace, heap, 1, 1);
            for (int mutators : new int[] {2, 4}) {
                for (int gcThreads = 1; gcThreads <= 2; gcThreads++) {
                    ParallelReplayTest.Final coarse = ParallelReplayTest.run(plan, trace, heap, mutators, gcThreads,
                            PageResourceLock.COARSE);
                    String what = plan + " seed " + seed + ", coarse lock, " + mutators + " mutator threads, "
                            + gcThreads + " GC threads";
                    assertNull(coarse.result().outOfMemory(), what + ": " + coarse.result().outOfMemory());
                    assertEquals(sequential.result().finalLiveObjects(), coarse.result().finalLiveObjects(), what);
                    assertEquals(sequential.result().finalLiveBytes(), coarse.result().finalLiveBytes(), what);
                    assertEquals(sequential.graph(), coarse.graph(), what);
                    collected += coarse.result().gcCount();
                }
            }
        }
        if (!plan.equals("nogc")) {
            assertTrue(collected > 0, "the heaps were too large to collect at all");
        }
    }

}
