package org.jmmtk.bindings.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.trace.StreamTraceWriter;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A trace replays alike from the binary layout and from per-thread streams: the same logical result
 * (every collection's figures) with one mutator thread, and the same final heap graph, live bytes and
 * allocations per mutator with several, where the binary layout is read by one dispatcher and the
 * stream layout by each mutator thread for its own streams (with the waits and epochs its writer
 * stored): on random traces of two to four threads, with one to three GC threads and two to four
 * mutator threads, in segments of 1 MiB and of 2 KiB, and on the multi-threaded workloads.
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

    /**
     * Random traces whose threads share objects, slots and global roots, read by each mutator thread
     * from its own chunks of many small segments: the final heap is the sequential replay's for every
     * count of mutator and GC threads.
     */
    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep", "immix", "gencopy"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void randomTracesReadByEachMutatorThreadEndWithTheSequentialHeap(String plan) throws IOException {
        for (long seed = 1; seed <= 6; seed++) {
            TraceSource trace = RandomTraces.generate(seed * 15485863, 1000 + 300 * (int) seed, 2 + (int) (seed % 3));
            Path streams = streams(trace, seed % 2 == 0 ? 2048 : 1 << 20);
            long heap = ParallelReplayTest.heapFor(plan, trace);
            ParallelReplayTest.Final sequential = ParallelReplayTest.run(plan, trace, heap, 1, 1);
            assertNull(sequential.result().outOfMemory(), plan);
            for (int mutators = 2; mutators <= 4; mutators++) {
                int gcThreads = 1 + (int) ((seed + mutators) % 3);
                String what = plan + " seed " + seed + ", " + mutators + " mutator threads, " + gcThreads + " GC threads";
                ParallelReplayTest.Final own = ParallelReplayTest.run(plan, TraceFormat.open(streams), 2 * heap, mutators,
                        gcThreads);
                assertNull(own.result().outOfMemory(), what);
                assertEquals(sequential.graph(), own.graph(), what);
                assertEquals(sequential.result().finalLiveBytes(), own.result().finalLiveBytes(), what);
                assertEquals(sequential.result().objectsAllocated(), own.result().objectsAllocated(), what);
                assertEquals(sequential.mutators(), own.mutators(), what + ": mutators by ordinal");
            }
        }
    }

    /** Workloads longer than the window, in many segments: threads wait for one another and for the window. */
    @ParameterizedTest(name = "{0} on {2}")
    @CsvSource({"search, 0.1, immix, 8", "sharing, 0.3, semispace, 4"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void longWorkloadsInSmallSegmentsEndWithTheSequentialHeap(String workload, double scale, String plan, int factor)
            throws IOException {
        TraceSource trace = Workloads.REGISTRY.find(workload).orElseThrow().factory().create(42, scale);
        Path streams = streams(trace, 16 << 10);
        long heap = factor * ParallelReplayTest.heapFor(plan, trace);
        ParallelReplayTest.Final sequential = ParallelReplayTest.run(plan, trace, heap, 1, 2);
        for (int mutators : new int[] {2, 3}) {
            ParallelReplayTest.Final own = ParallelReplayTest.run(plan, TraceFormat.open(streams), heap, mutators, 2);
            String what = workload + " on " + plan + ", " + mutators + " mutator threads";
            assertNull(own.result().outOfMemory(), what);
            assertTrue(own.result().parallel().records() > 16 * StreamFiller.WINDOW, what + ": too short");
            assertEquals(sequential.graph(), own.graph(), what);
            assertEquals(sequential.result().finalLiveBytes(), own.result().finalLiveBytes(), what);
            assertEquals(sequential.mutators(), own.mutators(), what + ": mutators by ordinal");
        }
    }

    /** A cut or altered file read by each mutator thread fails as bad input naming the file, not a hang or a result. */
    @org.junit.jupiter.api.Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aDamagedFileReadByEachMutatorThreadNamesTheFile() throws IOException {
        TraceSource trace = RandomTraces.generate(7, 3000, 3);
        byte[] whole = Files.readAllBytes(streams(trace, 2048));
        long heap = 2 * ParallelReplayTest.heapFor("marksweep", trace);
        Path cut = Files.write(dir.resolve("cut.jts"), java.util.Arrays.copyOf(whole, whole.length / 2));
        TraceException e = org.junit.jupiter.api.Assertions.assertThrows(TraceException.class,
                () -> ParallelReplayTest.run("marksweep", TraceFormat.open(cut), heap, 3, 2));
        assertTrue(e.getMessage().startsWith(cut + ": ") && e.getMessage().contains("truncated"), e.getMessage());
        // the checksum in the end record: everything decodes, the end record catches it
        byte[] altered = whole.clone();
        altered[altered.length - 6] ^= 0x5a;
        Path bad = Files.write(dir.resolve("altered.jts"), altered);
        e = org.junit.jupiter.api.Assertions.assertThrows(TraceException.class,
                () -> ParallelReplayTest.run("marksweep", TraceFormat.open(bad), heap, 3, 2));
        assertTrue(e.getMessage().startsWith(bad + ": ") && e.getMessage().contains("checksum"), e.getMessage());
    }

    /**
     * A trace with weak slots: its {@code K} record, in stream 0, reaches the plan when each mutator
     * thread reads its own streams as when the dispatcher reads the binary layout, so semispace clears
     * the same referents (4,000 references, each the only holder of its referent; 64 held at the end).
     */
    @org.junit.jupiter.api.Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void weakSlotsReadFromStreamZeroAreProcessed() throws IOException {
        TraceSource trace = new TraceSource() {
            @Override
            public void replay(org.jmmtk.bindings.trace.TraceEvents out) {
                out.weakSlot(7, 0);
                long id = 1;
                for (int i = 0; i < 4000; i++) {
                    long ref = id++;
                    long referent = id++;
                    out.alloc(0, ref, 32, 1, 7);
                    out.global(i % 64, ref);
                    out.alloc(0, referent, 200, 0, 0);
                    out.write(0, ref, 0, referent);
                }
            }

            @Override
            public String describe() {
                return "weak references";
            }

            @Override
            public double progress() {
                return 0;
            }
        };
        Path binary = dir.resolve("w.jtb");
        try (TraceWriter w = TraceWriter.create(binary, true)) {
            trace.replay(w);
        }
        Path streams = streams(trace, 2048);
        long heap = 256 << 10;
        ParallelReplayTest.Final c = ParallelReplayTest.run("semispace", TraceFormat.open(binary), heap, 2, 1);
        ParallelReplayTest.Final d = ParallelReplayTest.run("semispace", TraceFormat.open(streams), heap, 2, 1);
        String cleared = org.jmmtk.core.plan.Plan.WEAK_REFS_CLEARED;
        assertNull(d.result().outOfMemory());
        assertTrue(c.result().planStatTotal(cleared) > 0, "the dispatcher's replay clears referents");
        assertTrue(d.result().planStatTotal(cleared) > 0, "the stream replay clears referents");
        assertEquals(64 * 32, d.result().finalLiveBytes(), "only the 64 references held at the end");
        assertEquals(c.graph(), d.graph());
    }

    private Path streams(TraceSource trace, int segmentBytes) throws IOException {
        Path file = Files.createTempFile(dir, "s", ".jts");
        try (TraceWriter w = new StreamTraceWriter(Files.newOutputStream(file), segmentBytes)) {
            trace.replay(w);
        }
        return file;
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
        // the parallel replay's collections fall where the threads happen to be, so one may find more live
        // than any of the sequential replay's (twice the heap was once too little for semispace on search,
        // in the dispatcher's replay); its final heap does not depend on where they fall
        ParallelReplayTest.Final c = ParallelReplayTest.run(plan, TraceFormat.open(binary), 4 * heap, 2, 1);
        ParallelReplayTest.Final d = ParallelReplayTest.run(plan, TraceFormat.open(streams), 4 * heap, 2, 1);
        assertNull(c.result().outOfMemory(), what + ", two mutator threads, one dispatcher");
        assertNull(d.result().outOfMemory(), what + ", two mutator threads, per-thread streams");
        assertEquals(c.graph(), d.graph(), what + ", two mutator threads");
        assertEquals(c.result().finalLiveBytes(), d.result().finalLiveBytes(), what);
        assertEquals(c.mutators(), d.mutators(), what + ": mutators by ordinal");
    }
}
