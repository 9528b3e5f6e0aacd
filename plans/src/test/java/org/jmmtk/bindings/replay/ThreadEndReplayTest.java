package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.lifetimes.ScriptedTrace;
import org.jmmtk.bindings.trace.StreamTraceWriter;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Thread ends ({@code X}) in the replay: random traces whose threads end and whose numbers are taken
 * over by new threads replay with the same final heap sequentially, with several mutator threads from
 * one dispatcher, and from per-thread streams; serial's results on them do not depend on the number of GC
 * threads; and a thread that ends with a root slot held stops every replay with the checker's message.
 */
class ThreadEndReplayTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep", "serial"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void randomTracesWithThreadEndsEndWithTheSequentialHeap(String plan) throws IOException {
        for (long seed = 1; seed <= 4; seed++) {
            ScriptedTrace trace = RandomTraces.generate(seed * 7919, 1500, 2 + (int) (seed % 3), true);
            TraceStats stats = new TraceStats();
            trace.replay(stats);
            assertTrue(stats.summary().counts()[TraceStats.Kind.X.ordinal()] > 10, "the trace ends threads");
            Path binary = write(trace, false);
            Path streams = write(trace, true);
            String what = plan + " seed " + seed;
            long heap = ParallelReplayTest.heapFor(plan, trace);
            ParallelReplayTest.Final a = ParallelReplayTest.run(plan, trace, heap, 1, 1);
            assertNull(a.result().outOfMemory(), what);
            ParallelReplayTest.Final b = ParallelReplayTest.run(plan, TraceFormat.open(streams), heap, 1, 2);
            assertEquals(LogicalResult.of(a.result()), LogicalResult.of(b.result()), what + ": streams, 2 GC threads");
            for (Path file : new Path[] {binary, streams}) {
                ParallelReplayTest.Final c = ParallelReplayTest.run(plan, TraceFormat.open(file), 4 * heap, 2, 1);
                assertNull(c.result().outOfMemory(), what + " " + file);
                assertEquals(a.graph(), c.graph(), what + ", two mutator threads from " + file.getFileName());
                assertEquals(a.mutators(), c.mutators(), what + ": mutators by ordinal");
            }
        }
    }

    @Test
    void aRootHeldAtAThreadsEndStopsEveryReplay() throws IOException {
        Path held = dir.resolve("held.trace");
        try (TraceWriter w = TraceWriter.create(held, false)) {
            w.alloc(3, 1, 32, 2, 0);
            w.root(3, 5, 1);
            w.alloc(3, 2, 32, 0, 0);
            w.root(0, 1, 2);
            w.root(0, 1, 0);
            w.threadEnd(0);
            w.threadEnd(3);
        }
        String reason = "thread 3 ended holding object 1 in root slot 5 (a thread's root slots must be clear at its end)";
        Options options = new Options().heapBytes(1 << 20).sanity(true);
        Plans.Entry semispace = Plans.REGISTRY.find("semispace").orElseThrow();
        TraceException sequential = assertThrows(TraceException.class,
                () -> Simulation.run(semispace, options, TraceFormat.open(held)));
        assertEquals(held + ":8: " + reason, sequential.getMessage());
        TraceException parallel = assertThrows(TraceException.class,
                () -> Simulation.run(semispace, new Options().heapBytes(1 << 20).mutatorThreads(2), TraceFormat.open(held)));
        assertTrue(parallel.getMessage().endsWith(reason), parallel.getMessage());
    }

    private Path write(ScriptedTrace trace, boolean streams) throws IOException {
        Path file = Files.createTempFile(dir, "t", streams ? ".jts" : ".jtb");
        try (TraceWriter w = streams ? new StreamTraceWriter(file) : TraceWriter.create(file, true)) {
            trace.replay(w);
        }
        return file;
    }
}
