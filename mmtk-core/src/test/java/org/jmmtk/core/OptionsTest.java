package org.jmmtk.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Size parsing and the validation messages users see. */
class OptionsTest {
    @Test
    void sizesWithSuffixes() {
        assertEquals(65536, Options.parseSize("65536"));
        assertEquals(512L << 10, Options.parseSize("512k"));
        assertEquals(64L << 20, Options.parseSize("64M"));
        assertEquals(2L << 30, Options.parseSize("2g"));
        assertEquals(2L << 30, Options.parseSize("2GB"));
    }

    @Test
    void badSizesSayWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Options.parseSize("banana"));
        assertTrue(e.getMessage().contains("'banana' is not a size"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Options.parseSize("-4m"));
        assertThrows(IllegalArgumentException.class, () -> Options.parseSize("99999999999999g"));
    }

    @Test
    void impossibleHeapsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Options().heapBytes(0));
        assertTrue(e.getMessage().startsWith("heap size 0 B is impossible"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Options().heapBytes(1L << 40));
        assertThrows(IllegalArgumentException.class, () -> new Options().threads(0));
        assertThrows(IllegalArgumentException.class, () -> new Options().packetCapacity(0));
    }

    @Test
    void bytesAreFormattedInBinaryUnits() {
        assertEquals("32 MiB", Options.formatBytes(32L << 20));
        assertEquals("1.5 GiB", Options.formatBytes(3L << 29));
        assertEquals("100 B", Options.formatBytes(100));
    }
}
