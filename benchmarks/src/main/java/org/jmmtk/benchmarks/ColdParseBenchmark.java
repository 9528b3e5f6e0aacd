package org.jmmtk.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.bindings.workloads.Workloads;
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
 * One pass of a trace reader over the scale-0.3 binarytrees trace (1,321,649 records, the trace of the peer
 * comparison with TraceFileSim) into a no-op consumer, in a JVM that has never run the reader: the reader's
 * cost in a short {@code jmmtk run}, where it is interpreted, profiled by C1 and compiled by C2 while it
 * runs. {@link ReplayBenchmark#parse} measures the same reader warm. Each fork times one pass (single
 * shot); the forks run with the launcher's C2 thresholds (the {@code c2} options of the {@code jmmtk}
 * script: ten times HotSpot's), so that the reader reaches C2 when it does in a run. The trace is written
 * once, by the warm-up fork, to the temporary directory and kept there for the measured forks (and for
 * other builds' forks: delete it when comparing builds that write different traces).
 *
 * <p>Old against new, as interleaved forks of each build's jar:
 * <pre>
 * benchmarks/interleave-jars.sh old=OLD/benchmarks.jar,new=benchmarks/target/benchmarks.jar 15 ColdParseBenchmark -p format=text
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 15, warmups = 1, jvmArgsAppend = {"-XX:Tier4InvocationThreshold=50000", "-XX:Tier4MinInvocationThreshold=6000",
        "-XX:Tier4CompileThreshold=150000", "-XX:Tier4BackEdgeThreshold=400000"})
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class ColdParseBenchmark {
    @Param({"text", "binary"})
    public String format;

    private Path trace;

    @Setup
    public void writeTraceOnce() throws IOException {
        trace = Path.of(System.getProperty("java.io.tmpdir"), "jmmtk-cold-parse-binarytrees-0.3." + format);
        if (Files.exists(trace)) {
            return;
        }
        Path tmp = Files.createTempFile(trace.getParent(), "jmmtk-cold-parse", ".tmp");
        try (TraceWriter writer = TraceWriter.create(tmp, format.equals("binary"))) {
            Workloads.REGISTRY.find("binarytrees").orElseThrow().factory().create(42, 0.3).replay(writer);
        }
        Files.move(tmp, trace, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Benchmark
    public long parse() throws IOException {
        ReplayBenchmark.NoOp sink = new ReplayBenchmark.NoOp();
        TraceFormat.open(trace).replay(sink);
        return sink.allocations;
    }
}
