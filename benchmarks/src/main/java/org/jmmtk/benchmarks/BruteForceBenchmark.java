package org.jmmtk.benchmarks;

import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.trace.BruteForceLifetimes;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Brute-force lifetimes ({@link BruteForceLifetimes}: a walk of the whole graph before every
 * allocation) in the steady state of {@link SteadyChurn} with {@code liveObjects} live objects: each
 * measurement replays, from memory, {@value #WINDOW} allocations of the churn (and their stores) right
 * after the table is full, checking before each; the state before the window is built without checks
 * in the iteration's setup, since checking the whole fill would cost the square of the live size. The
 * score is milliseconds per window: divide by {@value #WINDOW} for the time per allocation at that live
 * size, which is what every allocation of the churn costs (the live size stays put). Compare with
 * {@link MerlinBenchmark}'s time per allocation:
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar BruteForceBenchmark -p liveObjects=10000,100000,1000000
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-Xms6g", "-XX:+UseParallelGC"})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class BruteForceBenchmark {
    static final int WINDOW = 90;

    @Param({"10000", "100000", "1000000"})
    public int liveObjects;

    private EventTape tape;
    private long start;
    private BruteForceLifetimes bruteForce;
    private long deaths;

    @Setup(Level.Trial)
    public void record() {
        SteadyChurn program = new SteadyChurn(liveObjects, 2L * WINDOW, 42);
        tape = new EventTape();
        program.replay(tape);
        start = program.fillAllocations();
    }

    @Setup(Level.Iteration)
    public void fill() {
        bruteForce = new BruteForceLifetimes((id, point) -> deaths++, start + 1);
        tape.replay(0, start, bruteForce);
    }

    @Benchmark
    public long window() {
        tape.replay(start, start + WINDOW, bruteForce);
        return deaths + bruteForce.liveObjects();
    }
}
