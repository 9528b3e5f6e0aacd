package org.jmmtk.benchmarks;

import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.jmmtk.probes.AllocSlowPathEvent;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.probes.WorkPacketEvent;
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
 * The cost of single tracepoints, in nanoseconds: a work-packet and an allocation-slow-path
 * begin/end pair and a ProcessEdges instant, compiled out, compiled in but not recorded, and recorded
 * (every jmmtk event enabled, into an in-process recording).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class TracepointCostBenchmark {
    @Param({"compiled-out", "not-recorded", "recorded"})
    public String probes;

    private Recording recording;
    private long packet;

    @Setup(Level.Trial)
    public void setUp() {
        recording = ProbeSetting.apply(probes, Tracepoints.eventTypes());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (recording != null) {
            recording.close();
        }
    }

    @Benchmark
    public void workPacket() {
        WorkPacketEvent e = Tracepoints.workBegin();
        packet++;
        Tracepoints.workEnd(e, 1, TracepointCostBenchmark.class, 0, "Closure", packet, packet - 1, "local");
    }

    @Benchmark
    public void allocSlowPath() {
        AllocSlowPathEvent e = Tracepoints.allocSlowBegin();
        packet++;
        Tracepoints.allocSlowEnd(e, 0, 32768, "copyspace0");
    }

    @Benchmark
    public void processEdges() {
        packet++;
        Tracepoints.processEdges(1, packet, 4096, false);
    }
}
