package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.trace.StreamTraceWriter;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trace replays alike from the binary layout and from per-thread streams: the same logical result
 * (every collection's figures) with one mutator thread, and the same final heap graph, live bytes and
 * allocations per mutator with two, on random traces of two to four threads and on the multi-threaded
 * workloads.
 */
class StreamLayoutReplayTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep"})
    void randomTracesAndWorkloadsReplayAlikeInBothLayouts(String plan) throws IOException {
        for (long seed = 1; seed <= 4; seed++) {
            check(plan, RandomTraces.generate(seed * 104729, 1500, 2 + (int) (seed % 3)), "seed " + seed);
        }
        for (String workload : new String[] {"search", "sharing", "cache"}) {
            check(plan, Workloads.REGISTRY.find(workload).orElseThrow().factory().create(42, 0.02), workload);
        }
    }

    private void check(String plan, TraceSource trace, String what) throws IOException {
        Path binary = dir.resolve("t.jtb");
        try (TraceWriter w = TraceWriter.create(binary, true)) {
            trace.replay(w);
        }
        Path streams = dir.resolve("t.jts");
        try (TraceWriter w = new StreamTraceWriter(streams)) {
            trace.replay(w);
        }
        long heap = ParallelReplayTest.heapFor(plan, TraceFormat.open(binary));
        ParallelReplayTest.Final a = ParallelReplayTest.run(plan, TraceFormat.open(binary), heap, 1, 1);
        ParallelReplayTest.Final b = ParallelReplayTest.run(plan, TraceFormat.open(streams), heap, 1, 1);
        assertNull(a.result().outOfMemory(), what);
        assertEquals(LogicalResult.of(a.result()), LogicalResult.of(b.result()), what + ", one mutator thread");
        assertEquals(a.graph(), b.graph(), what);
        // the parallel replay's collections fall where the threads happen to be; its final heap does not
        ParallelReplayTest.Final c = ParallelReplayTest.run(plan, TraceFormat.open(binary), 2 * heap, 2, 1);
        ParallelReplayTest.Final d = ParallelReplayTest.run(plan, TraceFormat.open(streams), 2 * heap, 2, 1);
        assertNull(d.result().outOfMemory(), what);
        assertEquals(c.graph(), d.graph(), what + ", two mutator threads");
        assertEquals(c.result().finalLiveBytes(), d.result().finalLiveBytes(), what);
        assertEquals(c.mutators(), d.mutators(), what);
    }
}
