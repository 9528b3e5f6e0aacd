package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shadow heap and trace statistics find exactly the objects reachable from thread and global roots. */
class ShadowHeapReachabilityTest {
    @TempDir
    Path dir;

    @Test
    void reachabilityFollowsRootsSlotsAndOverwrites() {
        ShadowHeap heap = new ShadowHeap();
        heap.alloc(0, 1, 100, 2, 0);
        heap.alloc(0, 2, 20, 0, 0);
        heap.alloc(0, 3, 30, 1, 0);
        heap.alloc(1, 4, 40, 1, 0);
        heap.alloc(1, 5, 50, 1, 0);
        heap.root(0, 3, 1);
        heap.write(0, 1, 0, 2);
        heap.write(0, 1, 1, 3);
        heap.write(0, 1, 1, 0);
        heap.global(7, 4);
        heap.write(1, 4, 0, 5);
        heap.write(1, 5, 0, 4);

        ShadowHeap.Reachable r = heap.reachable();
        assertEquals(new LongOpenHashSet(new long[] {1, 2, 4, 5}), r.ids());
        assertEquals(4, r.objects());
        assertEquals(100 + 20 + 40 + 50, r.bytes());
        assertEquals(5, heap.objectCount());
        assertEquals(30, heap.sizeOf(3));
        assertEquals(-1, heap.sizeOf(6));
        assertArrayEquals(new long[] {2, 0}, heap.slotsOf(1));
    }

    @Test
    void clearingEveryRootLeavesNothingReachable() {
        ShadowHeap heap = new ShadowHeap();
        heap.alloc(0, 1, 32, 1, 0);
        heap.alloc(0, 2, 32, 1, 0);
        heap.write(0, 1, 0, 2);
        heap.write(0, 2, 0, 1);
        heap.root(0, 0, 1);
        heap.global(0, 2);
        heap.root(0, 0, 0);
        heap.global(0, 0);
        assertEquals(0, heap.reachable().objects());
        assertEquals(0, heap.reachable().bytes());
    }

    @Test
    void statsCountRecordsObjectsThreadsAndReachability() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace",
                "T 1 Node",
                "A 0 1 40 2 1",
                "A 3 2 24 0",
                "A 3 3 200 0",
                "W 3 1 1 2",
                "R 0 0 1",
                "R 3 0 3",
                "R 3 0 0",
                "G 0 0",
                "P",
                "D 3",
                "C");
        TraceStats stats = new TraceStats();
        TraceFormat.open(file).replay(stats);
        TraceStats.Summary s = stats.summary();
        assertEquals(12, s.records());
        assertArrayEquals(new long[] {1, 3, 1, 3, 1, 1, 1, 1, 0, 0}, s.counts());
        assertEquals(3, s.objects());
        assertEquals(264, s.bytesAllocated());
        assertEquals(200, s.maxObjectBytes());
        assertEquals(2, s.refSlots());
        assertEquals(2, s.threads());
        assertEquals(2, s.reachableObjects());
        assertEquals(64, s.reachableBytes());
        // nothing is rooted until all three are allocated, but 1 and 2 are used after: counted as live then
        assertEquals(new MaxLive.Result(264, 3, 64), s.maxLive());
    }
}
