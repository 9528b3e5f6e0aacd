package org.jmmtk.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.jmmtk.core.plan.PlanProvider;
import org.junit.jupiter.api.DynamicTest;

/**
 * The checks jmmtk runs on its own plans, for any plan: on random two-thread programs (the {@code random}
 * workload, one per seed), with the heap sanity checker after every collection,
 * <ul>
 *   <li><b>live set</b>: after every collection the reachable heap equals an independent shadow of the
 *       program's object graph, and the final live set equals the shadow's;</li>
 *   <li><b>GC threads</b>: the logical result (collections, bytes copied and marked, edges, live set) is
 *       the same for every GC thread count;</li>
 *   <li><b>out of memory</b>: a heap of half the maximum live size ends as a simulated out-of-memory.</li>
 * </ul>
 * Heaps are a factor of each program's exact maximum live size (4 by default; a plan that needs more
 * room, like a copying plan's reserve, still fits). Use it through {@link PlanConformance}, or call
 * {@link #tests()} from a {@code @TestFactory}, or a {@code check...} method from a {@code @Test}.
 * Immutable: each setting returns a new kit. Checks run on the calling thread and the plan's GC workers.
 */
public final class ConformanceKit {
    private static final Map<String, TestProgram> PROGRAMS = new ConcurrentHashMap<>();

    private final PlanProvider plan;
    private final long[] seeds;
    private final double heapFactor;
    private final int[] gcThreads;
    private final String workload;

    private ConformanceKit(PlanProvider plan, long[] seeds, double heapFactor, int[] gcThreads,
                           String workload) {
        this.plan = plan;
        this.seeds = seeds.clone();
        this.heapFactor = heapFactor;
        this.gcThreads = gcThreads.clone();
        this.workload = workload;
    }

    /** The kit for the plan {@code provider} registers. */
    public static ConformanceKit of(PlanProvider provider) {
        return new ConformanceKit(provider, new long[] {1, 2, 3}, 4, new int[] {1, 2, 4}, "random");
    }

    /** The programs' seeds (default 1, 2, 3): one program per seed. */
    public ConformanceKit seeds(long... seeds) {
        if (seeds.length == 0) {
            throw new IllegalArgumentException("at least one seed");
        }
        return new ConformanceKit(plan, seeds, heapFactor, gcThreads, workload);
    }

    /** Heaps of {@code factor} times each program's maximum live size (default 4; at least 1). */
    public ConformanceKit heapFactor(double factor) {
        if (!(factor >= 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("heap factor " + factor + ": must be at least 1");
        }
        return new ConformanceKit(plan, seeds, factor, gcThreads, workload);
    }

    /** The GC thread counts to compare (default 1, 2, 4); the live-set check uses the last. */
    public ConformanceKit gcThreads(int... counts) {
        if (counts.length == 0 || Arrays.stream(counts).anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("GC thread counts must be at least 1: " + Arrays.toString(counts));
        }
        return new ConformanceKit(plan, seeds, heapFactor, counts, workload);
    }

    /** Another built-in workload instead of {@code random} (e.g. {@code cache}: four threads). */
    public ConformanceKit workload(String name) {
        return new ConformanceKit(plan, seeds, heapFactor, gcThreads, name);
    }

    /** Every check for every seed, named for the JUnit report. */
    public Stream<DynamicTest> tests() {
        List<DynamicTest> tests = new ArrayList<>();
        for (long seed : seeds) {
            String on = plan.name() + " on " + workload + " seed " + seed;
            tests.add(DynamicTest.dynamicTest(on + ": live set after every GC", () -> checkLiveSet(seed)));
            tests.add(DynamicTest.dynamicTest(on + ": same result for GC threads " + Arrays.toString(gcThreads),
                    () -> checkThreadCounts(seed)));
            tests.add(DynamicTest.dynamicTest(on + ": out of memory below the live size", () -> checkOutOfMemory(seed)));
        }
        return tests.stream();
    }

    /** The live-set check on the program for {@code seed}. */
    public void checkLiveSet(long seed) throws IOException {
        TestProgram p = program(seed);
        LiveSetCheck.run(plan, p, p.heap(heapFactor), gcThreads[gcThreads.length - 1]);
    }

    /** The GC-thread-count check on the program for {@code seed}. */
    public void checkThreadCounts(long seed) throws IOException {
        TestProgram p = program(seed);
        ThreadCountCheck.run(plan, p, p.heap(heapFactor), gcThreads);
    }

    /** The out-of-memory check on the program for {@code seed}. */
    public void checkOutOfMemory(long seed) throws IOException {
        OutOfMemoryCheck.run(plan, program(seed), gcThreads[gcThreads.length - 1]);
    }

    private TestProgram program(long seed) {
        // the maximum live size takes a replay to find; every kit in the JVM shares it
        return PROGRAMS.computeIfAbsent(workload + "/" + seed, k -> TestProgram.of(workload, seed, 1.0));
    }
}
