package org.jmmtk.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sizes scale with the heap up to MMTk's, given sizes are checked, and the overhead limit parses. */
class HeapGeometryTest {
    @Test
    void largeHeapsGetMmtkSizes() {
        HeapGeometry g = HeapGeometry.forHeap(16L << 20);
        assertEquals(4096, g.pageBytes());
        assertEquals(64 << 10, g.blockBytes());
        assertEquals(32 << 10, g.immixBlockBytes());
        assertEquals(256, g.lineBytes());
        assertEquals(32 << 10, g.bufferBytes());
        assertEquals(8 << 10, g.largeObjectThreshold());
        assertEquals(8 << 10, g.maxCellBytes());
        assertEquals(8 << 10, g.maxImmixObjectBytes());
    }

    @Test
    void smallHeapsGetSmallSizesButRealisticLines() {
        HeapGeometry g = HeapGeometry.forHeap(16 << 10);
        assertEquals(64, g.pageBytes());
        assertEquals(64, g.blockBytes());
        assertEquals(2048, g.immixBlockBytes());
        assertEquals(64, g.lineBytes());
        assertEquals(128, g.bufferBytes());
        assertEquals(2048, g.largeObjectThreshold());
        assertEquals(32, g.maxCellBytes());
        assertEquals(1024, g.maxImmixObjectBytes());
        HeapGeometry medium = HeapGeometry.forHeap(1 << 20);
        assertEquals(1024, medium.pageBytes());
        assertEquals(4096, medium.blockBytes());
        assertEquals(2048, medium.immixBlockBytes());
        assertEquals(64, medium.lineBytes());
        assertEquals(2048, medium.maxCellBytes());
        // the recorded program: a 574 KB heap had 16-byte lines in 2 KiB blocks
        HeapGeometry recorded = HeapGeometry.forHeap(574_000);
        assertEquals(64, recorded.lineBytes());
        assertEquals(32, recorded.immixBlockBytes() / recorded.lineBytes());
        HeapGeometry tiny = HeapGeometry.forHeap(1 << 10);
        assertEquals(64, tiny.pageBytes());
        assertEquals(256, tiny.immixBlockBytes(), "below 8 KiB: a quarter of the heap");
        assertEquals(16, tiny.lineBytes(), "and at least 16-byte lines");
        assertTrue(tiny.blockBytes() >= tiny.pageBytes());
        assertTrue(tiny.bufferBytes() >= tiny.pageBytes());
    }

    /** Every heap of the range, and random ones between: the stated rule holds and everything fits. */
    @Test
    void everyHeapFrom16KiBTo4GiBKeepsImmixRealistic() {
        java.util.Random random = new java.util.Random(35);
        java.util.List<Long> heaps = new java.util.ArrayList<>();
        for (long heap = 16 << 10; heap <= (4L << 30); heap <<= 1) {
            heaps.add(heap);
            heaps.add(heap - 1);
            heaps.add(heap + heap / 2);
            heaps.add(heap + (long) (random.nextDouble() * heap));
        }
        for (long heap : heaps) {
            if (heap < (16 << 10) || heap > (4L << 30)) {
                continue;
            }
            HeapGeometry g = HeapGeometry.forHeap(heap);
            String at = heap + ": " + g;
            assertTrue(g.lineBytes() >= HeapGeometry.MIN_DEFAULT_LINE_BYTES, at);
            assertTrue(g.lineBytes() <= HeapGeometry.MAX_LINE_BYTES, at);
            int lines = g.immixBlockBytes() / g.lineBytes();
            assertTrue(lines >= HeapGeometry.MIN_LINES_IN_BLOCK && lines <= 128, at);
            assertTrue(g.immixBlockBytes() <= HeapGeometry.MAX_IMMIX_BLOCK_BYTES, at);
            assertTrue(4L * g.immixBlockBytes() <= heap, "four Immix blocks fit the heap, " + at);
            assertTrue(g.pageBytes() <= g.immixBlockBytes() && g.pageBytes() <= g.blockBytes(), at);
            assertTrue(g.pageBytes() <= g.bufferBytes() && g.bufferBytes() <= heap, at);
            assertTrue(g.maxImmixObjectBytes() <= g.immixBlockBytes() / 2, at);
            assertTrue(g.maxImmixObjectBytes() >= 8 * g.lineBytes(), "a medium object spans several lines, " + at);
            assertTrue(g.maxCellBytes() <= g.blockBytes() / 2, at);
            if (heap >= (16L << 20)) {
                assertEquals(256, g.lineBytes(), at);
                assertEquals(32 << 10, g.immixBlockBytes(), at);
            }
        }
    }

    @Test
    void everySizeIsAPowerOfTwoAndMonotoneInTheHeap() {
        HeapGeometry previous = HeapGeometry.forHeap(1 << 10);
        for (long heap = 1 << 10; heap <= (64L << 30); heap += heap / 3 + 1) {
            HeapGeometry g = HeapGeometry.forHeap(heap);
            for (int size : new int[] {g.pageBytes(), g.blockBytes(), g.immixBlockBytes(), g.lineBytes(), g.bufferBytes()}) {
                assertEquals(1, Integer.bitCount(size), heap + ": " + g);
            }
            assertTrue(g.pageBytes() <= g.blockBytes() && g.pageBytes() <= g.bufferBytes()
                    && g.pageBytes() <= g.immixBlockBytes() && g.lineBytes() <= g.immixBlockBytes(), heap + ": " + g);
            assertTrue(g.pageBytes() >= previous.pageBytes() && g.blockBytes() >= previous.blockBytes()
                    && g.immixBlockBytes() >= previous.immixBlockBytes() && g.lineBytes() >= previous.lineBytes(),
                    heap + ": " + g);
            previous = g;
        }
    }

    @Test
    void aGivenLineOrBlockTakesPrecedence() {
        HeapGeometry line = HeapGeometry.of(574_000, 0, 0, 16, 0);
        assertEquals(16, line.lineBytes());
        assertEquals(1024, line.immixBlockBytes(), "heap/512, at least 32 given lines");
        HeapGeometry block = HeapGeometry.of(1 << 20, 0, 1024, 0, 0);
        assertEquals(1024, block.blockBytes());
        assertEquals(1024, block.immixBlockBytes());
        assertEquals(32, block.lineBytes(), "the default line shrinks to keep 32 lines in a given block");
        assertEquals("--line-size 8 KiB is larger than a block (4 KiB)",
                assertThrows(IllegalArgumentException.class, () -> HeapGeometry.of(16 << 10, 0, 0, 8192, 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeapGeometry.of(1 << 20, 0, 2048, 4096, 0))
                .getMessage().startsWith("--line-size 4 KiB is out of range"));
    }

    @Test
    void givenSizesAreUsedOrRejectedNamingTheOption() {
        HeapGeometry g = HeapGeometry.of(1 << 20, 256, 1024, 32, 512);
        assertEquals(256, g.pageBytes());
        assertEquals(1024, g.blockBytes());
        assertEquals(32, g.lineBytes());
        assertEquals(512, g.bufferBytes());
        assertEquals("--block-size 3000 is not a power of two",
                assertThrows(IllegalArgumentException.class, () -> HeapGeometry.of(1 << 20, 0, 3000, 0, 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeapGeometry.of(1 << 12, 0, 1 << 16, 0, 0))
                .getMessage().startsWith("--block-size 64 KiB is out of range"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeapGeometry.of(1 << 20, 4096, 1024, 0, 0))
                .getMessage().startsWith("--block-size"), "a block smaller than a page");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeapGeometry.of(1 << 20, -64, 0, 0, 0))
                .getMessage().startsWith("--page-size"));
    }

    @Test
    void overheadLimitParsesAndDescribesItself() {
        assertEquals(OverheadLimit.DEFAULT, OverheadLimit.parse("98,2,5"));
        assertTrue(OverheadLimit.parse("off").isOff());
        assertEquals("90,5.5,3", OverheadLimit.parse(" 90 , 5.5 , 3 ").toString());
        assertThrows(IllegalArgumentException.class, () -> OverheadLimit.parse("98,2"));
        assertThrows(IllegalArgumentException.class, () -> OverheadLimit.parse("101,2,5"));
        assertThrows(IllegalArgumentException.class, () -> OverheadLimit.parse("98,2,0"));
        assertThrows(IllegalArgumentException.class, () -> OverheadLimit.parse("a,b,c"));
    }

    @Test
    void triggerGivesUpAfterEnoughFutileCollectionsInARow() {
        HeapGeometry g = HeapGeometry.forHeap(1 << 20);
        FixedHeapTrigger t = new FixedHeapTrigger(1 << 20, g, new OverheadLimit(98, 2, 3));
        int full = t.totalPages();
        assertTrue(t.isGcRequired(full, 1));
        assertTrue(!t.isGcRequired(full - 1, 1));
        GcTrigger.CollectionOutcome futile = new GcTrigger.CollectionOutcome(1000, 10, full);
        GcTrigger.CollectionOutcome useful = new GcTrigger.CollectionOutcome(1000, 10, full / 2);
        assertEquals(null, t.collectionFinished(futile));
        assertEquals(null, t.collectionFinished(futile));
        assertEquals(null, t.collectionFinished(useful), "a useful collection resets the count");
        assertEquals(null, t.collectionFinished(futile));
        assertEquals(null, t.collectionFinished(futile));
        assertTrue(t.collectionFinished(futile).startsWith("GC overhead limit exceeded: 3 collections in a row"));
        FixedHeapTrigger off = new FixedHeapTrigger(1 << 20, g, OverheadLimit.OFF);
        for (int i = 0; i < 100; i++) {
            assertEquals(null, off.collectionFinished(futile));
        }
    }
}
