package org.jmmtk.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.StreamTraceWriter;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
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
 * Trace replay throughput, in records per second (the {@code records} counter), for text and binary
 * traces, plain and gzipped, and binary in per-thread streams: {@code parse} reads every record into a
 * no-op consumer; {@code nogc} replays the trace on the nogc plan (allocation, stores, roots, no collection).
 *
 * <p>The trace is binarytrees at scale 0.25 (seed 42): about 786,000 objects and 1,321,649 records (the
 * {@code records} counter per replay; both builds of issue 11 write the same bytes).
 *
 * <p>Against another build (issue 11: the commit before the core refactor), as interleaved single forks
 * of each build's jar, comparing records per second:
 * <pre>
 * git worktree add /work/wt-old 6297c24 &amp;&amp; (cd /work/wt-old &amp;&amp; mvn -B -o -q clean package -DskipTests -pl benchmarks -am)
 * METRIC=records benchmarks/interleave-jars.sh old=/work/wt-old/benchmarks/target/benchmarks.jar,new=benchmarks/target/benchmarks.jar \
 *     6 'ReplayBenchmark.nogc$' -p format=binary
 * </pre>
 * Hot spots: {@code -prof jfr:dir=DIR} on one fork, then {@link JfrHotSpots} on its recording.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xmx4g", "-Xms4g", "-XX:+UseParallelGC"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ReplayBenchmark {
    @Param({"text", "binary", "text.gz", "binary.gz", "streams"})
    public String format;

    private Path dir;
    private Path trace;
    private long records;

    /** Records replayed. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Records {
        public long records;

        @Setup(Level.Iteration)
        public void reset() {
            records = 0;
        }
    }

    @Setup(Level.Trial)
    public void writeTrace() throws IOException {
        dir = Files.createTempDirectory("jmmtk-replay-bench");
        trace = dir.resolve("binarytrees." + format);
        try (TraceWriter writer = format.equals("streams") ? new StreamTraceWriter(trace)
                : TraceWriter.create(trace, format.startsWith("binary"))) {
            Workloads.REGISTRY.find("binarytrees").orElseThrow().factory().create(42, 0.25).replay(writer);
        }
        TraceStats stats = new TraceStats();
        TraceFormat.open(trace).replay(stats);
        records = stats.summary().records();
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(trace);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public long parse(Records counter) throws IOException {
        NoOp sink = new NoOp();
        TraceFormat.open(trace).replay(sink);
        counter.records += records;
        return sink.allocations;
    }

    @Benchmark
    public long nogc(Records counter) throws IOException {
        Plans.Entry nogc = Plans.REGISTRY.find("nogc").orElseThrow();
        RunResult r = Simulation.run(nogc, new Options().heapBytes(256L << 20).threads(1), TraceFormat.open(trace));
        counter.records += records;
        return r.objectsAllocated();
    }

    /** Consumes events and does nothing with them (but count allocations, so they are not optimised away). */
    static final class NoOp implements TraceEvents {
        long allocations;

        @Override
        public void type(int typeId, String name) {
        }

        @Override
        public void weakSlot(int typeId, int slot) {
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            allocations += object;
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            allocations += target;
        }

        @Override
        public void root(int thread, int rootSlot, long target) {
            allocations += target;
        }

        @Override
        public void global(int rootSlot, long target) {
            allocations += target;
        }

        @Override
        public void death(long object) {
        }

        @Override
        public void perfectPoint() {
        }

        @Override
        public void collect() {
        }

        @Override
        public void threadEnd(int thread) {
        }
    }
}
