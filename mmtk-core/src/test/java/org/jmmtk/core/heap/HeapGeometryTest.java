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
        assertEquals(256, g.lineBytes());
        assertEquals(32 << 10, g.bufferBytes());
        assertEquals(8 << 10, g.largeObjectThreshold());
        assertEquals(8 << 10, g.maxCellBytes());
    }

    @Test
    void smallHeapsGetSmallSizes() {
        HeapGeometry g = HeapGeometry.forHeap(16 << 10);
        assertEquals(64, g.pageBytes());
        assertEquals(64, g.blockBytes());
        assertEquals(128, g.bufferBytes());
        assertEquals(2048, g.largeObjectThreshold());
        assertEquals(32, g.maxCellBytes());
        HeapGeometry medium = HeapGeometry.forHeap(1 << 20);
        assertEquals(1024, medium.pageBytes());
        assertEquals(4096, medium.blockBytes());
        assertEquals(2048, medium.maxCellBytes());
        HeapGeometry tiny = HeapGeometry.forHeap(1 << 10);
        assertEquals(64, tiny.pageBytes());
        assertTrue(tiny.blockBytes() >= tiny.pageBytes());
        assertTrue(tiny.bufferBytes() >= tiny.pageBytes());
        assertEquals(16, tiny.pagesInBlock() * 0 + 1024 / tiny.pageBytes());
    }

    @Test
    void everySizeIsAPowerOfTwoAndMonotoneInTheHeap() {
        HeapGeometry previous = HeapGeometry.forHeap(1 << 10);
        for (long heap = 1 << 10; heap <= (64L << 30); heap += heap / 3 + 1) {
            HeapGeometry g = HeapGeometry.forHeap(heap);
            for (int size : new int[] {g.pageBytes(), g.blockBytes(), g.lineBytes(), g.bufferBytes()}) {
                assertEquals(1, Integer.bitCount(size), heap + ": " + g);
            }
            assertTrue(g.pageBytes() <= g.blockBytes() && g.pageBytes() <= g.bufferBytes() && g.lineBytes() <= g.blockBytes());
            assertTrue(g.pageBytes() >= previous.pageBytes() && g.blockBytes() >= previous.blockBytes());
            previous = g;
        }
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
