package org.jmmtk.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.BruteForceLifetimes;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.plans.Plans;
import org.jmmtk.plugins.merlin.MerlinPlugin;
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
 * Lifetime computation against the number of live objects, in allocations per second (the
 * {@code allocations} counter), on {@link SteadyChurn}: a table of {@code liveObjects} objects filled,
 * then churned for twice as many allocations while the live size stays put.
 *
 * <ul>
 *   <li>{@code replay}: the whole trace, read from a binary file and replayed by semispace (one GC
 *   thread, heap three times the live size), no plugin;
 *   <li>{@code merlin}: the same with the Merlin plugin (deaths counted): Merlin's overhead is the
 *   ratio of the two;
 *   <li>{@code bruteforce}: {@link BruteForceLifetimes} in the steady state: {@value #WINDOW} allocations
 *   of the churn replayed from memory right after the table is full, with a walk of the whole graph
 *   before each. The state before them is built in the invocation's setup without walks (walking the
 *   whole fill would cost the square of the live size). Every allocation of the churn costs the same (the
 *   live size stays put), so this is brute force's rate for the churn; over a whole trace it is lower
 *   still, by the fill's share (half the live size per allocation on average).
 * </ul>
 *
 * <pre>
 * benchmarks/interleave.sh LifetimesBenchmark method replay,merlin 6 -p liveObjects=100000
 * METRIC=allocations benchmarks/interleave.sh LifetimesBenchmark method bruteforce,merlin 3 -p liveObjects=100000
 * </pre>
 * (with {@code METRIC=allocations} the ratios are of allocations per second; without, of the primary
 * score, invocations per second, which is what to compare between replay and merlin).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-Xms6g", "-XX:+UseParallelGC"})
@Warmup(iterations = 2, time = 4)
@Measurement(iterations = 4, time = 4)
public class LifetimesBenchmark {
    static final int WINDOW = 60;

    @Param({"10000", "100000", "1000000"})
    public int liveObjects;

    @Param({"replay", "merlin", "bruteforce"})
    public String method;

    private SteadyChurn program;
    private Path dir;
    private Path trace;
    private long heap;
    private EventTape tape;
    private long fill;
    private BruteForceLifetimes bruteForce;
    private long deaths;

    /** Allocations replayed. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Allocations {
        public long allocations;

        @Setup(Level.Iteration)
        public void reset() {
            allocations = 0;
        }
    }

    @Setup(Level.Trial)
    public void prepare() throws IOException {
        boolean brute = method.equals("bruteforce");
        program = new SteadyChurn(liveObjects, brute ? 3L * WINDOW : 2L * liveObjects, 42);
        fill = program.fillAllocations();
        if (brute) {
            tape = new EventTape();
            program.replay(tape);
            return;
        }
        dir = Files.createTempDirectory("jmmtk-lifetimes-bench");
        trace = dir.resolve("churn.jtb");
        try (TraceWriter writer = TraceWriter.create(trace, true)) {
            program.replay(writer);
        }
        heap = Math.max(1 << 20, 3 * program.liveBytes());
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        if (trace != null) {
            Files.deleteIfExists(trace);
            Files.deleteIfExists(dir);
        }
    }

    @Setup(Level.Invocation)
    public void fillWithoutWalks() {
        if (tape != null) {
            bruteForce = new BruteForceLifetimes((id, point) -> deaths++, fill + 1);
            tape.replay(0, fill, bruteForce);
        }
    }

    @Benchmark
    public long run(Allocations counter) throws IOException {
        if (tape != null) {
            tape.replay(fill, fill + WINDOW, bruteForce);
            counter.allocations += WINDOW;
            return deaths + bruteForce.liveObjects();
        }
        Plans.Entry semispace = Plans.REGISTRY.find("semispace").orElseThrow();
        List<Plugin> plugins = method.equals("merlin") ? List.of(new MerlinPlugin((id, point) -> deaths++)) : List.of();
        RunResult r = Simulation.run(semispace, new Options().heapBytes(heap).threads(1),
                TraceFormat.open(trace), (mmtk, binding) -> { }, plugins);
        if (r.isOutOfMemory()) {
            throw new IllegalStateException(r.outOfMemory());
        }
        counter.allocations += program.allocations();
        return r.gcCount() + deaths;
    }
}
