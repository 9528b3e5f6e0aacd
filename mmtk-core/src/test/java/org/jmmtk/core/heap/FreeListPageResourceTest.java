package org.jmmtk.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.core.memory.VMLayout;
import org.junit.jupiter.api.Test;

/** First-fit page runs, alignment, reuse after release, and exhaustion, with 4 KiB pages. */
class FreeListPageResourceTest {
    private static final HeapGeometry GEOMETRY = HeapGeometry.forHeap(64L << 20);
    private static final long BYTES_IN_PAGE = GEOMETRY.pageBytes();

    @Test
    void firstFitAlignedRunsAreReusedAfterRelease() {
        VMLayout layout = new VMLayout(64L << 20);
        VMLayout.Region region = layout.reserve("test", 1L << 20);
        FreeListPageResource pr = new FreeListPageResource(layout.memory(), GEOMETRY, region);
        long a = pr.acquire(3);
        assertEquals(region.start(), a);
        long b = pr.acquire(16, 16);
        assertEquals(region.start() + 16L * BYTES_IN_PAGE, b, "aligned to 16 pages");
        long c = pr.acquire(2);
        assertEquals(region.start() + 3L * BYTES_IN_PAGE, c, "fills the gap first");
        assertEquals(21, pr.reservedPages());
        pr.release(a, 3);
        assertEquals(a, pr.acquire(3));
        assertTrue(layout.memory().isMapped(b));
    }

    @Test
    void exhaustionReturnsZero() {
        VMLayout layout = new VMLayout(64L << 20);
        VMLayout.Region region = layout.reserve("test", 1L << 20);
        FreeListPageResource pr = new FreeListPageResource(layout.memory(), GEOMETRY, region);
        assertTrue(pr.acquire(256) != 0);
        assertEquals(0, pr.acquire(1));
    }

    @Test
    void monotoneResourceBumpsAndResets() {
        VMLayout layout = new VMLayout(64L << 20);
        VMLayout.Region region = layout.reserve("test", 1L << 20);
        MonotonePageResource pr = new MonotonePageResource(layout.memory(), GEOMETRY, region);
        long a = pr.acquire(8);
        long b = pr.acquire(8);
        assertEquals(a + 8L * BYTES_IN_PAGE, b);
        assertEquals(16, pr.reservedPages());
        pr.reset();
        assertEquals(0, pr.reservedPages());
        assertEquals(a, pr.acquire(1));
    }
}
