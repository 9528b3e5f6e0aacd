package org.jmmtk.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.core.util.Constants;
import org.junit.jupiter.api.Test;

/** Lazily mapped simulated memory: unmapped access is an error naming the address, never a zero. */
class SimulatedMemoryTest {
    private static final long BASE = 1L << 32;

    @Test
    void unmappedAccessThrowsWithTheAddress() {
        SimulatedMemory m = new SimulatedMemory(BASE, 16 * Constants.BYTES_IN_CHUNK);
        UnmappedAddressException e = assertThrows(UnmappedAddressException.class, () -> m.load(BASE + 0x1238));
        assertEquals(BASE + 0x1238, e.address());
        assertTrue(e.getMessage().contains("0x100001238"), e.getMessage());
        assertThrows(UnmappedAddressException.class, () -> m.store(BASE - 8, 1));
        assertThrows(UnmappedAddressException.class, () -> m.load(0));
        assertThrows(UnmappedAddressException.class, () -> m.load(m.limit()));
        // addresses whose chunk number would wrap to a valid index if cut to an int
        assertThrows(UnmappedAddressException.class, () -> m.load(BASE + (1L << 52)));
        assertThrows(UnmappedAddressException.class, () -> m.load(Long.MIN_VALUE));
        assertThrows(UnmappedAddressException.class, () -> m.load(Long.MAX_VALUE));
    }

    @Test
    void mappedMemoryStartsZeroAndKeepsValues() {
        SimulatedMemory m = new SimulatedMemory(BASE, 16 * Constants.BYTES_IN_CHUNK);
        long a = BASE + 3 * Constants.BYTES_IN_CHUNK + 64;
        m.map(a, 16);
        assertTrue(m.isMapped(a));
        assertFalse(m.isMapped(BASE));
        assertEquals(0, m.load(a));
        m.store(a, 42);
        assertEquals(42, m.load(a));
        assertTrue(m.compareAndSet(a, 42, 43));
        assertFalse(m.compareAndSet(a, 42, 44));
        assertEquals(43, m.loadVolatile(a));
        assertEquals(Constants.BYTES_IN_CHUNK, m.mappedBytes());
    }

    @Test
    void copyAndZeroCrossChunkBoundaries() {
        SimulatedMemory m = new SimulatedMemory(BASE, 16 * Constants.BYTES_IN_CHUNK);
        m.map(BASE, 4 * Constants.BYTES_IN_CHUNK);
        long src = BASE + Constants.BYTES_IN_CHUNK - 40;
        for (int i = 0; i < 10; i++) {
            m.store(src + 8L * i, i + 1);
        }
        long dst = BASE + 3 * Constants.BYTES_IN_CHUNK - 16;
        m.copyWords(src, dst, 10);
        for (int i = 0; i < 10; i++) {
            assertEquals(i + 1, m.load(dst + 8L * i));
        }
        m.zero(src, 10);
        for (int i = 0; i < 10; i++) {
            assertEquals(0, m.load(src + 8L * i));
        }
    }

    @Test
    void mappingOutsideTheRangeIsRejected() {
        SimulatedMemory m = new SimulatedMemory(BASE, Constants.BYTES_IN_CHUNK);
        assertThrows(IllegalArgumentException.class, () -> m.map(BASE + Constants.BYTES_IN_CHUNK, 8));
    }
}
