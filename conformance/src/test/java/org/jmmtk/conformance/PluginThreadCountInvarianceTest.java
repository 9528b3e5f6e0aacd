package org.jmmtk.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jmmtk.bindings.lifetimes.Lifetimes;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.plugins.filip.FinalizationSampler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With the {@code events}, {@code merlin} and {@code filip} plugins watching (FiLiP's ephemerons in the
 * heap, sampling every allocation, as {@code run --plugin filip} makes them), a run's logical result
 * ({@link LogicalResult}: its collections, side metadata and every plugin counter) is the same for 1, 2
 * and 4 GC threads and from one run to the next with the same count. Seeded programs of three workloads
 * (random, cache, binarytrees) at three seeds (the default, 42, among them: there marksweep's pointer
 * stores on random varied from run to run at 2 GC threads), on mark-sweep and on two copying plans, in
 * the smallest heap of {@link #FACTORS} times the program's maximum live size that one GC thread
 * completes in (the ephemerons of the sampled objects are live data too).
 */
class PluginThreadCountInvarianceTest {
    /**
     * Each count after the first is compared with the first; 2 runs twice (the schedule differs). Kept
     * short for the suite's time: {@code FinalizationSamplerTest} checks the ephemerons' order directly.
     */
    private static final int[] THREADS = {1, 2, 4, 2};
    private static final long[] SEEDS = {1, 2, Workloads.DEFAULT_SEED};
    private static final double[] FACTORS = {3, 4, 6, 8, 12, 16};

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (String plan : List.of("marksweep", "semispace", "gencopy")) {
            for (String workload : List.of("random", "cache", "binarytrees")) {
                for (long seed : SEEDS) {
                    list.add(Arguments.of(plan, workload, seed));
                }
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} on {1} seed {2}")
    @MethodSource("cases")
    void sameResultAndPluginCountersForEveryThreadCount(String plan, String workload, long seed) throws IOException {
        // random is small at any scale; the others shrink with it
        TestProgram program = TestProgram.of(workload, seed, workload.equals("random") ? 0.5 : 0.02);
        long heap = 0;
        RunResult first = null;
        for (int f = 0; f < FACTORS.length && (first == null || first.outOfMemory() != null); f++) {
            heap = program.heap(FACTORS[f]);
            first = run(plan, program, heap, THREADS[0]);
        }
        assertNull(first.outOfMemory(), program + " on " + plan + " at " + FACTORS[FACTORS.length - 1] + "x max live");
        String expected = LogicalResult.of(first);
        for (int i = 1; i < THREADS.length; i++) {
            int threads = THREADS[i];
            RunResult r = run(plan, program, heap, threads);
            assertNull(r.outOfMemory(), program + " on " + plan + " with " + threads + " GC threads");
            assertEquals(expected, LogicalResult.of(r), program + " on " + plan + ": " + threads
                    + " GC threads differ from " + THREADS[0]);
        }
    }

    private static RunResult run(String plan, TestProgram program, long heap, int threads) throws IOException {
        Options options = new Options().heapBytes(heap).threads(threads)
                .plugins(List.of("events", "merlin"));
        FinalizationSampler filip = new FinalizationSampler();
        return Simulation.run(Plans.REGISTRY.find(plan).orElseThrow(), options,
                Lifetimes.withEphemerons(program.source(), filip), (mmtk, binding) -> { }, List.of(filip));
    }
}
