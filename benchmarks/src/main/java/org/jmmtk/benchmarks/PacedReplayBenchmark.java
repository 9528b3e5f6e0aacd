package org.jmmtk.benchmarks;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.plans.Plans;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 34's cost target: a whole replay of the same trace on a concurrent plan under {@code --pacing K}
 * against the stop-the-world {@code immix} (widetree, heap 3x its maximum live size, 2 GC threads, as
 * {@link PauseCpu} and {@code benchmarks/concurrent-pauses.sh}). One operation is one replay, final
 * collection included; the plans are compared as interleaved single forks, so a noisy machine's drifts
 * hit both alike:
 * <pre>
 * benchmarks/interleave.sh PacedReplayBenchmark plan immix,concurrentimmix 8 -p scale=0.5
 * </pre>
 * The pacing is ignored by stop-the-world plans. Each fork's JVM is the benchmark's own; nothing is shared
 * between forks.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-Xms4g", "-XX:+UseParallelGC"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 6, time = 2)
public class PacedReplayBenchmark {
    @Param({"immix", "concurrentimmix"})
    public String plan;

    @Param({"0.5"})
    public double scale;

    @Param({"1000"})
    public String pacing;

    private Plans.Entry entry;
    private TraceSource source;
    private long heap;

    @Setup
    public void prepare() throws IOException {
        entry = Plans.REGISTRY.find(plan).orElseThrow(() -> new IllegalArgumentException("no plan " + plan));
        source = Workloads.REGISTRY.find("widetree").orElseThrow().factory().create(Workloads.DEFAULT_SEED, scale);
        heap = 3 * MaxLive.of(source).bytes();
    }

    /** One replay; its collection count is returned so that the run cannot be optimized away. */
    @Benchmark
    public int replay() throws IOException {
        Options options = new Options().heapBytes(heap).threads(2);
        if (entry.concurrent()) {
            options.pacing(Pacing.parse(pacing));
        }
        RunResult r = Simulation.run(entry, options, source, (mmtk, binding) -> { }, List.of());
        return r.gcCount();
    }
}
