package org.jmmtk.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.plans.Plans;
import org.jmmtk.probes.ProcessEdgesEvent;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What the tracepoints cost: the same closure and allocation code with the tracepoints compiled out
 * ({@code -Djmmtk.probes.off=true}, set before any tracepoint class loads; each configuration runs in
 * its own forks), compiled in but not recorded, and with WorkPacket and ProcessEdges recorded by an
 * in-process JFR recording (the MPLR'23 paper's configurations). Compare the three rows of each
 * benchmark from one run.
 *
 * <p>{@code closure}: a full mark-sweep collection of a 1.4M-object tree on one GC thread.
 * {@code allocation}: 200,000 32-byte objects allocated by a semispace mutator, with the collections
 * this triggers (nothing survives them).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 3, jvmArgsAppend = {"-Xmx6g", "-Xms6g", "-XX:+UseParallelGC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class TracepointOverheadBenchmark {
    @Param({"compiled-out", "not-recorded", "recorded"})
    public String probes;

    private GraphBinding heap;
    private Recording recording;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        recording = ProbeSetting.apply(probes, List.of(WorkPacketEvent.class, ProcessEdgesEvent.class));
        if (params.getBenchmark().endsWith("closure")) {
            heap = GraphBinding.create(Plans.REGISTRY.find("marksweep").orElseThrow(),
                    new Options().heapBytes(1L << 30).threads(1));
            heap.buildWideTree(1_000_000, 4);
        } else {
            heap = GraphBinding.create(Plans.REGISTRY.find("semispace").orElseThrow(),
                    new Options().heapBytes(64L << 20).threads(1));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        heap.mmtk().close();
        if (recording != null) {
            recording.close();
        }
    }

    @Benchmark
    public long closure() {
        return heap.mmtk().collection().collect(GcReason.EXPLICIT).edgesTraced();
    }

    @Benchmark
    public long allocation() {
        return heap.allocateGarbage(200_000, 32);
    }
}
