package org.jmmtk.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SideMetadataRegistryTest {
    private static final long PAGE = 4096;
    private final SimulatedMemory memory = new SimulatedMemory(1L << 32, 64L << 20);

    @Test
    void chargesAsMmtkCoreCalculatesReservedPages() {
        // mmtk-core's calculate_reserved_pages_one_spec: one bit per 8 bytes is 1:64, rounded up
        SideMetadataRegistry one = new SideMetadataRegistry(memory, true, 4096);
        one.bitmap(SideMetadataSpec.perGranule("g", true, 1), null);
        assertEquals(0, one.chargedPages("any", 0));
        assertEquals(1, one.chargedPages("any", 63));
        assertEquals(1, one.chargedPages("any", 64));
        assertEquals(2, one.chargedPages("any", 65));
        assertEquals(16, one.chargedPages("any", 1024));
        // calculate_reserved_pages_multi_specs: plus two bits per 4 KiB page of the space's own, 1:16K
        one.table(SideMetadataSpec.local("l", "page", PAGE, 2), "s");
        assertEquals(17, one.chargedPages("s", 1024));
        assertEquals(16, one.chargedPages("other", 1024), "a local spec is charged to its own space only");
    }

    @Test
    void aWordPerGranuleCostsAsMuchAsTheData() {
        SideMetadataRegistry r = new SideMetadataRegistry(memory, true, 4096);
        r.table(SideMetadataSpec.perGranule("wide", false, 64), "s");
        assertEquals(0, SideMetadataSpec.perGranule("wide", false, 64).logDataToMetaRatio());
        assertEquals(10, r.chargedPages("s", 10));
    }

    @Test
    void notChargedCostsNothingButIsStillCounted() {
        SideMetadataRegistry r = new SideMetadataRegistry(memory, false, 4096);
        byte[] lines = r.bytes(SideMetadataSpec.local("lines", "line", 256, 8), "s", 1000);
        assertEquals(1000, lines.length);
        assertEquals(0, r.chargedPages("s", 1 << 20));
        assertEquals(1000, r.totalBytes());
    }

    @Test
    void aLazyTableCountsItsSpacesPeakPagesNotTheChunksItMapped() {
        SideMetadataRegistry r = new SideMetadataRegistry(memory, false, (int) PAGE);
        SideBitmap bits = r.bitmap(SideMetadataSpec.VALID_OBJECT, null);
        SideCounts counts = r.counts(SideMetadataSpec.perGranule("c", false, 32), "s");
        // bits all over memory map many chunks; the footprint does not follow them
        Random random = new Random(33);
        for (int i = 0; i < 200; i++) {
            long address = memory.base() + (random.nextLong(memory.limit() - memory.base()) & -8L);
            bits.set(address);
            counts.increment(address);
        }
        assertEquals(0, r.totalBytes(), "no pages noted yet");
        r.notePages("s", 100);
        r.notePages("t", 64);
        r.notePages("s", 30); // a space that shrank keeps its peak
        List<SideMetadataRegistry.Usage> usage = r.usage();
        // vo-bit, 1 bit per 8 bytes (1:64): s's 100 pages take 2 pages, t's 64 one; global, so both count
        assertEquals(3 * PAGE, usage.get(0).bytes());
        assertNull(usage.get(0).space());
        // 32 bits per 8 bytes (1:2) of its own space only: 50 pages
        assertEquals(50 * PAGE, usage.get(1).bytes());
        assertEquals(53 * PAGE, r.totalBytes());
        r.notePages("s", 129);
        assertEquals(4 * PAGE + 65 * PAGE, r.totalBytes(), "a new peak counts");
    }

    @Test
    void aTableThatGrowsCountsItsCurrentArray() {
        SideMetadataRegistry r = new SideMetadataRegistry(memory, false, 4096);
        SideMetadataRegistry.Table t = r.table(SideMetadataSpec.perGranule("fwd", false, 32), "mc");
        t.newInts(100);
        t.newInts(300);
        assertEquals(1200, r.totalBytes());
    }

    @Test
    void aTableMustHoldWhatItsSpecDeclares() {
        SideMetadataRegistry r = new SideMetadataRegistry(memory, false, 4096);
        SideMetadataSpec bytesPerBlock = SideMetadataSpec.local("state", "block", 32 << 10, 8);
        assertThrows(IllegalArgumentException.class, () -> r.ints(bytesPerBlock, "s", 4));
        assertThrows(IllegalArgumentException.class, () -> r.bitmap(bytesPerBlock, "s"));
        assertThrows(IllegalArgumentException.class, () -> r.bytes(bytesPerBlock, null, 4), "local needs a space");
        assertThrows(IllegalArgumentException.class, () -> r.bitmap(SideMetadataSpec.VALID_OBJECT, "s"),
                "global has none");
        assertThrows(IllegalArgumentException.class, () -> SideMetadataSpec.local("x", "block", 3000, 8));
        assertThrows(IllegalArgumentException.class, () -> SideMetadataSpec.perGranule("x", true, 3));
        assertEquals(0, r.totalBytes());
    }
}
