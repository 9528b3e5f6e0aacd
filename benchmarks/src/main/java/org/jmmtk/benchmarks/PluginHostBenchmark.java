package org.jmmtk.benchmarks;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.EventCounts;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.Space;
import org.jmmtk.plans.nogc.NoGCProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the plugin host ({@link PluginHost}) costs on the two hooks a mutator passes per operation, on
 * the nogc plan through {@link GraphBinding}'s mutator (issue 11):
 *
 * <ul>
 *   <li>{@code alloc}: {@code Mutator.allocObject} of one 32-byte object with 2 reference slots. Each
 *       iteration is one timed batch of {@value #ALLOCS} allocations into a fresh nogc heap, built (and
 *       its immortal space mapped on the host) in the iteration's setup: no collection and no host
 *       allocation of simulated memory in the timed region. The score is per allocation.
 *   <li>{@code store}: {@code Mutator.writeReference}, one per call, cycling through a fixed
 *       pseudo-random pattern of {@value #PATTERN} (source, slot, target) triples over {@value #OBJECTS}
 *       preallocated objects of the same shape (one target in eight is null).
 * </ul>
 *
 * <p>{@code host}: {@code compiled-out} ({@code -Djmmtk.plugins.off=true}, so {@code PluginHost.COMPILED}
 * is false and every hook is dead code), {@code no-plugin} (compiled in, no plugin: one final-flag
 * test per hook) and {@code events} (the built-in {@code events} plugin, {@link EventCounts}, which
 * wants every event: the old value of a stored slot is loaded and each event is counted). JMH forks
 * every value separately; the benchmark sets the property for {@code compiled-out} itself before
 * {@code PluginHost} loads and fails if the switch disagrees with {@code host}. Measured as
 * interleaved single forks, with the property also passed on the command line:
 *
 * <pre>
 * benchmarks/interleave.sh PluginHostBenchmark host 'compiled-out=-Djmmtk.plugins.off=true,no-plugin,events' 8
 * </pre>
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgs = {"-Xmx4g", "-Xms4g", "-XX:+UseParallelGC"})
public class PluginHostBenchmark {
    /** Allocations per timed batch of {@code alloc} (128 MiB of 32-byte objects). */
    static final int ALLOCS = 1 << 22;
    static final int OBJECTS = 1 << 16;
    static final int PATTERN = 1 << 16;
    private static final long TRACE_BYTES = 32;
    private static final int REF_SLOTS = 2;

    @Param({"compiled-out", "no-plugin", "events"})
    public String host;

    /** The heap events {@code host} asks for, after checking the compile-time switch agrees with it. */
    List<Plugin> plugins() {
        boolean off = host.equals("compiled-out");
        if (off) {
            System.setProperty("jmmtk.plugins.off", "true");
        }
        if (PluginHost.COMPILED == off) {
            throw new IllegalStateException("host=" + host + " but PluginHost.COMPILED=" + PluginHost.COMPILED
                    + " (-Djmmtk.plugins.off must be set exactly for compiled-out, in that value's own fork)");
        }
        return switch (host) {
            case "compiled-out", "no-plugin" -> List.of();
            case "events" -> List.of(new EventCounts());
            default -> throw new IllegalArgumentException("unknown host " + host);
        };
    }

    static GraphBinding nogc(long heapBytes, List<Plugin> plugins) {
        return GraphBinding.create(new NoGCProvider(), new Options().heapBytes(heapBytes).threads(1), plugins);
    }

    /** A fresh nogc heap per iteration, with room for one batch of allocations. */
    @State(Scope.Thread)
    public static class AllocHeap {
        GraphBinding heap;
        Mutator mutator;
        long id;
        private long mapped;

        @Setup(Level.Iteration)
        public void setUp(PluginHostBenchmark bench) {
            close();
            System.gc(); // the previous heap's simulated memory, outside the timed region
            long bytes = (long) ALLOCS * GraphBinding.objectBytes(REF_SLOTS);
            heap = nogc(2 * bytes, bench.plugins());
            mutator = heap.mutator();
            Space immortal = heap.mmtk().plan().immortalSpace();
            heap.mmtk().memory().map(immortal.start(), Math.min(immortal.end() - immortal.start(), bytes + (8L << 20)));
            mapped = heap.mmtk().memory().mappedBytes();
            id = 1;
        }

        @TearDown(Level.Iteration)
        public void check() {
            if (mutator.objectsAllocated() != ALLOCS || heap.mmtk().statistics().runStats().gcCount() != 0) {
                throw new IllegalStateException("allocated " + mutator.objectsAllocated() + " objects, "
                        + heap.mmtk().statistics().runStats().gcCount() + " collections");
            }
            if (heap.mmtk().memory().mappedBytes() != mapped) {
                throw new IllegalStateException("the timed region mapped simulated memory");
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            if (heap != null) {
                heap.mmtk().close();
                heap = null;
                mutator = null;
            }
        }
    }

    /** Preallocated objects and a fixed pseudo-random pattern of stores into them. */
    @State(Scope.Thread)
    public static class StoreHeap {
        GraphBinding heap;
        Mutator mutator;
        final long[] sources = new long[PATTERN];
        final int[] slots = new int[PATTERN];
        final long[] targets = new long[PATTERN];
        int next;

        @Setup(Level.Trial)
        public void setUp(PluginHostBenchmark bench) {
            heap = nogc(64L << 20, bench.plugins());
            mutator = heap.mutator();
            long[] objects = new long[OBJECTS];
            for (int i = 0; i < OBJECTS; i++) {
                objects[i] = mutator.allocObject(i + 1, TRACE_BYTES, REF_SLOTS, 1);
            }
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < PATTERN; i++) {
                sources[i] = objects[random.nextInt(OBJECTS)];
                slots[i] = random.nextInt(REF_SLOTS);
                targets[i] = random.nextInt(8) == 0 ? 0 : objects[random.nextInt(OBJECTS)];
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            if (heap.mmtk().statistics().runStats().gcCount() != 0) {
                throw new IllegalStateException("the store benchmark's heap collected");
            }
            heap.mmtk().close();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OperationsPerInvocation(ALLOCS) // a batch of ALLOCS calls is timed as one; this scores it per allocation
    @Warmup(iterations = 10, batchSize = ALLOCS)
    @Measurement(iterations = 20, batchSize = ALLOCS)
    public long alloc(AllocHeap h) {
        return h.mutator.allocObject(h.id++, TRACE_BYTES, REF_SLOTS, 1);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @Warmup(iterations = 5, time = 1)
    @Measurement(iterations = 5, time = 1)
    public void store(StoreHeap h) {
        int i = h.next;
        h.mutator.writeReference(h.sources[i], h.slots[i], h.targets[i]);
        h.next = (i + 1) & (PATTERN - 1);
    }
}
