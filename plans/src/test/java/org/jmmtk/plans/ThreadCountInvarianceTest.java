package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The logical result of a run does not depend on the number of GC threads: the same collections at
 * the same points, copying and marking the same bytes, tracing the same edges, leaving the same heap
 * occupancy and the same final live set, with the same side metadata footprint ({@link LogicalResult}),
 * for 1, 2, 3, 4 and 8 threads.
 */
class ThreadCountInvarianceTest {
    private static final int[] THREADS = {1, 2, 3, 4, 8};

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Plans.Entry p : Plans.REGISTRY.all()) {
            for (Workloads.Entry w : Workloads.REGISTRY.all()) {
                list.add(Arguments.of(p.name(), w.name()));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void sameLogicalResultForEveryThreadCount(String plan, String workload) throws Exception {
        long heap = plan.equals("nogc") ? 256L << 20 : Runs.heapFor(workload);
        String expected = null;
        for (int threads : THREADS) {
            RunResult r = Runs.run(plan, Runs.workload(workload), heap, threads, (mmtk, binding) -> { });
            assertNull(r.outOfMemory(), r.outOfMemory());
            String actual = LogicalResult.of(r);
            if (expected == null) {
                expected = actual;
            } else {
                assertEquals(expected, actual, threads + " threads differ from 1 thread");
            }
        }
    }
}
