package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replaying on several mutator threads ends with exactly the sequential replay's heap: random
 * multi-threaded traces with heavy cross-thread sharing (any thread stores into and roots any object,
 * and references go unreachable and come back between two allocations), on every plan, with 2 and 4
 * mutator threads and 1 and 2 GC threads, each several times (collections fall wherever the threads
 * are, so a timing bug shows only now and then). The final heap graph (ids and their slots) and the
 * final live set must equal the sequential replay's; the sanity checker runs after every collection.
 */
class ParallelReplayTest {
    /** Runs of each case; more with the environment variable JMMTK_TEST_REPEATS=N when hunting a timing bug. */
    private static final int REPEATS = Integer.parseInt(System.getenv().getOrDefault("JMMTK_TEST_REPEATS", "3"));

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Plans.Entry p : Plans.REGISTRY.all()) {
            list.add(Arguments.of(p.name()));
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void sameFinalHeapAsTheSequentialReplay(String plan) throws IOException {
        int collected = 0;
        for (long seed = 1; seed <= 3; seed++) {
            TraceSource trace = RandomTraces.generate(seed * 7919, 1200, 2 + (int) (seed % 3));
            long heap = heapFor(plan, trace);
            Final sequential = run(plan, trace, heap, 1, 1);
            assertNull(sequential.result.outOfMemory(), sequential.result.outOfMemory());
            for (int mutators : new int[] {2, 4}) {
                for (int repeat = 0; repeat < REPEATS; repeat++) {
                    int gcThreads = 1 + repeat % 2;
                    Final parallel = run(plan, trace, heap, mutators, gcThreads);
                    String what = plan + " seed " + seed + ", " + mutators + " mutator threads, " + gcThreads
                            + " GC threads";
                    assertNull(parallel.result.outOfMemory(), what + ": " + parallel.result.outOfMemory());
                    assertEquals(sequential.result.finalLiveObjects(), parallel.result.finalLiveObjects(), what);
                    assertEquals(sequential.result.finalLiveBytes(), parallel.result.finalLiveBytes(), what);
                    assertEquals(sequential.graph, parallel.graph, what);
                    assertEquals(sequential.result.objectsAllocated(), parallel.result.objectsAllocated(), what);
                    assertEquals(sequential.mutators, parallel.mutators, what + ": mutators by ordinal");
                    assertNotNull(parallel.result.parallel(), what);
                    collected += parallel.result.gcCount();
                }
            }
        }
        if (!plan.equals("nogc")) {
            assertTrue(collected > 0, "the heaps were too large to collect at all");
        }
    }

    /**
     * Workloads longer than the reader's window ({@link Dispatcher#WINDOW} records) and than a batch:
     * the reader waits for the window, the dependency table gives pages back, and the reader's own
     * mutator thread runs full batches, on the lusearch-like workload, heavy sharing, and random.
     */
    @ParameterizedTest(name = "{0} on {2}")
    @CsvSource({"search, 0.1, immix, 8", "sharing, 0.3, semispace, 4", "random, 2.0, marksweep, 4"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void longWorkloadsEndWithTheSequentialHeap(String workload, double scale, String plan, int factor)
            throws IOException {
        TraceSource trace = Workloads.REGISTRY.find(workload).orElseThrow().factory().create(42, scale);
        // room for each thread's buffers and the cut roots besides what the sequential replay needs. On
        // search, threads running ahead of one another keep up to 2.4 times the sequential replay's live
        // bytes reachable at a collection, and Immix's line and block granularity adds to that: with 3
        // mutator threads in 4 times the sequential heap (1 MiB), 5 of 60 runs on a loaded machine ran
        // out of memory, none of 60 in 8 times
        long heap = factor * heapFor(plan, trace);
        Final sequential = run(plan, trace, heap, 1, 2);
        for (int mutators : new int[] {2, 3}) {
            Final parallel = run(plan, trace, heap, mutators, 2);
            String what = workload + " on " + plan + ", " + mutators + " mutator threads";
            assertNull(parallel.result.outOfMemory(), what + ": " + parallel.result.outOfMemory());
            assertTrue(parallel.result.parallel().records() > Dispatcher.WINDOW, what + ": too short");
            assertEquals(sequential.graph, parallel.graph, what);
            assertEquals(sequential.result.finalLiveBytes(), parallel.result.finalLiveBytes(), what);
            assertEquals(sequential.mutators, parallel.mutators, what + ": mutators by ordinal");
        }
    }

    /** The smallest power-of-two heap from 256 KiB on in which the sequential replay completes. */
    static long heapFor(String plan, TraceSource trace) throws IOException {
        for (long heap = 256 << 10; ; heap *= 2) {
            if (heap >= 64L << 20 || run(plan, trace, heap, 1, 1).result.outOfMemory() == null) {
                return heap;
            }
        }
    }

    /**
     * A run's result, its final heap graph, sorted by id, as text, and what each of its mutators
     * allocated, by ordinal: the binding binds a trace thread's mutator on the thread's first record, so
     * each ordinal names the same trace thread, with the same allocations, however many threads replay.
     */
    record Final(RunResult result, String graph, List<String> mutators) {
    }

    static Final run(String plan, TraceSource trace, long heap, int mutators, int gcThreads) throws IOException {
        return run(plan, trace, heap, mutators, gcThreads, PageResourceLock.FINE);
    }

    static Final run(String plan, TraceSource trace, long heap, int mutators, int gcThreads, PageResourceLock lock)
            throws IOException {
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(heap).threads(gcThreads).sanity(true).mutatorThreads(mutators)
                .pageResourceLock(lock);
        String[] graph = {null};
        List<String> allocations = new ArrayList<>();
        RunResult r = Simulation.run(p, options, trace, (mmtk, binding) ->
                mmtk.addListener(g -> {
                    if (g.reason().equals(GcReason.FINAL.label)) {
                        graph[0] = describe(HeapGraph.read(mmtk));
                        for (Mutator m : binding.mutators()) {
                            allocations.add(m.ordinal() + ": " + m.objectsAllocated() + " objects, "
                                    + m.bytesAllocated() + " bytes");
                        }
                    }
                }));
        return new Final(r, graph[0], allocations);
    }

    static String describe(Long2ObjectOpenHashMap<long[]> graph) {
        TreeMap<Long, String> sorted = new TreeMap<>();
        for (Map.Entry<Long, long[]> e : graph.entrySet()) {
            sorted.put(e.getKey(), Arrays.toString(e.getValue()));
        }
        return sorted.toString();
    }
}
