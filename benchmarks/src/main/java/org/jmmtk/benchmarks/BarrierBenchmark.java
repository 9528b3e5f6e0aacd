package org.jmmtk.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.plans.Plans;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a pointer store costs through each kind of write barrier: {@code Mutator.writeReference}, one per
 * call, cycling through a fixed pseudo-random pattern of {@value #PATTERN} (source, slot, target)
 * triples over {@code objects} preallocated objects (one target in eight null), as
 * {@link PluginHostBenchmark#store} does. {@code plan}: {@code marksweep} (no barrier),
 * {@code gencopy} (the object-remembering barrier; all objects are in the nursery, so it tests the log
 * bit and remembers nothing: its fast path) and {@code refcount} (the reference-counting barrier: a
 * load of the old value, an atomic increment and an atomic decrement of side-metadata counts, and a
 * ZCT test-and-set when a count falls to zero). No collection runs in the timed region. Compare the
 * three in one run (on a 2-vCPU machine with a load average near 20, so errors of 30-140%: ns per
 * store, 2 forks, with 1024 objects marksweep 36, gencopy 51, refcount 77; with 65536 marksweep 50,
 * gencopy 146, refcount 485: the counts of the new and the old target are two more cache misses):
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar BarrierBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 2, jvmArgs = {"-Xmx2g", "-Xms2g", "-XX:+UseParallelGC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class BarrierBenchmark {
    static final int PATTERN = 1 << 16;
    private static final long TRACE_BYTES = 32;
    private static final int REF_SLOTS = 2;

    @Param({"marksweep", "gencopy", "refcount"})
    public String plan;

    /** Preallocated objects the stores pick from: 1024 fit in the cache with their counts, 65536 do not. */
    @Param({"1024", "65536"})
    public int objects;

    private GraphBinding heap;
    private Mutator mutator;
    private final long[] sources = new long[PATTERN];
    private final int[] slots = new int[PATTERN];
    private final long[] targets = new long[PATTERN];
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        heap = GraphBinding.create(Plans.REGISTRY.find(plan).orElseThrow(),
                new Options().heapBytes(64L << 20).threads(1));
        mutator = heap.mutator();
        long[] heapObjects = new long[objects];
        for (int i = 0; i < objects; i++) {
            heapObjects[i] = mutator.allocObject(i + 1, TRACE_BYTES, REF_SLOTS, 1);
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < PATTERN; i++) {
            sources[i] = heapObjects[random.nextInt(objects)];
            slots[i] = random.nextInt(REF_SLOTS);
            targets[i] = random.nextInt(8) == 0 ? 0 : heapObjects[random.nextInt(objects)];
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (heap.mmtk().statistics().runStats().gcCount() != 0) {
            throw new IllegalStateException("the barrier benchmark's heap collected");
        }
        heap.mmtk().close();
    }

    @Benchmark
    public void store() {
        int i = next;
        mutator.writeReference(sources[i], slots[i], targets[i]);
        next = (i + 1) & (PATTERN - 1);
    }
}
