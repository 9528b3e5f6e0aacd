package org.jmmtk.benchmarks;

import java.util.concurrent.TimeUnit;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Full-heap collections of a heap of over a million objects, reported as collections per second and,
 * through the {@code edges} counter, edges traced per second of collection time (everything a
 * collection does, not only its closure: a conservative closure throughput). {@code closureMicros}
 * totals the closure phases, for closure-only throughput (edges divided by closure time).
 *
 * <p>Graphs: {@code widetree}, a complete 4-ary tree of 1.4M objects built depth-first; {@code random},
 * 1M objects with 4 slots pointing at random earlier objects (poor locality).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "-Xms8g", "-XX:+UseParallelGC"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 8, time = 2)
public class ClosureBenchmark {
    @Param({"marksweep", "semispace", "markcompact", "immix"})
    public String plan;

    @Param({"1", "2"})
    public int threads;

    @Param({"widetree", "random"})
    public String graph;

    private GraphBinding binding;

    /** Work done per measured collection. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Work {
        public long edges;

        @Setup(Level.Iteration)
        public void reset() {
            edges = 0;
        }
    }

    /** Closure time of the measured collections. */
    @AuxCounters(AuxCounters.Type.EVENTS)
    @State(Scope.Thread)
    public static class Closure {
        public long closureMicros;

        @Setup(Level.Iteration)
        public void reset() {
            closureMicros = 0;
        }
    }

    @Setup(Level.Trial)
    public void build() {
        Plans.Entry p = Plans.REGISTRY.find(plan)
                .orElseThrow(() -> new IllegalArgumentException("no plan " + plan + "; plans: " + Plans.REGISTRY.names()));
        binding = GraphBinding.create(p, new Options().heapBytes(1L << 30).threads(threads));
        binding.buildClosureGraph(graph);
    }

    GraphBinding binding() {
        return binding;
    }

    @TearDown(Level.Trial)
    public void shutdown() {
        binding.mmtk().close();
    }

    @Benchmark
    public long fullHeapCollection(Work work, Closure closure) {
        GcRecord r = binding.mmtk().collection().collect(GcReason.EXPLICIT);
        work.edges += r.edgesTraced();
        closure.closureMicros += r.closureNanos() / 1000;
        return r.edgesTraced();
    }
}
