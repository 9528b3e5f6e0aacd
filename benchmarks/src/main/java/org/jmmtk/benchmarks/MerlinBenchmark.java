package org.jmmtk.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.merlin.MerlinPlugin;
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
 * Merlin's cost over a plain replay of the same trace: one whole run of {@link SteadyChurn} (filling a
 * table of {@code liveObjects} objects, then replacing entries for twice as many allocations) read from
 * a binary trace file and replayed by semispace with one GC thread in three times the live size, without
 * a plugin ({@code mode=replay}) or with the Merlin plugin ({@code mode=merlin}, its deaths counted).
 * The score is seconds per run; divide by the run's allocations (in the trace's description) for a
 * time per allocation. Compared as interleaved single forks:
 *
 * <pre>
 * benchmarks/interleave.sh MerlinBenchmark mode replay,merlin 6 -p liveObjects=100000
 * </pre>
 *
 * {@link BruteForceBenchmark} measures brute force on the same program.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-Xms6g", "-XX:+UseParallelGC"})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class MerlinBenchmark {
    @Param({"10000", "100000", "1000000"})
    public int liveObjects;

    @Param({"replay", "merlin"})
    public String mode;

    private Path dir;
    private Path trace;
    private long heap;
    private long deaths;

    @Setup(Level.Trial)
    public void writeTrace() throws IOException {
        SteadyChurn program = new SteadyChurn(liveObjects, 2L * liveObjects, 42);
        dir = Files.createTempDirectory("jmmtk-merlin-bench");
        trace = dir.resolve("churn.jtb");
        try (TraceWriter writer = TraceWriter.create(trace, true)) {
            program.replay(writer);
        }
        heap = Math.max(1 << 20, 3 * program.liveBytes());
        System.out.println(program.describe() + ", heap " + heap);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(trace);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public long run() throws IOException {
        Plans.Entry semispace = Plans.REGISTRY.find("semispace").orElseThrow();
        List<Plugin> plugins = mode.equals("merlin") ? List.of(new MerlinPlugin((id, point) -> deaths++)) : List.of();
        RunResult r = Simulation.run(semispace.name(), semispace.factory(), new Options().heapBytes(heap).threads(1),
                TraceFormat.open(trace), (mmtk, binding) -> { }, plugins);
        if (r.isOutOfMemory()) {
            throw new IllegalStateException(r.outOfMemory());
        }
        return r.gcCount() + deaths;
    }
}
