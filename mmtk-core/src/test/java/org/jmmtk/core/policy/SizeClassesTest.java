package org.jmmtk.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Every size up to the largest cell maps to the smallest class that holds it. */
class SizeClassesTest {
    @Test
    void smallestFittingClass() {
        for (int bytes = 8; bytes <= SizeClasses.MAX_CELL_BYTES; bytes += 8) {
            int c = SizeClasses.classOf(bytes);
            assertTrue(SizeClasses.cellBytes(c) >= bytes, "class too small for " + bytes);
            if (c > 0) {
                assertTrue(SizeClasses.cellBytes(c - 1) < bytes, "a smaller class fits " + bytes);
            }
        }
        assertEquals(24, SizeClasses.cellBytes(SizeClasses.classOf(24)));
        assertEquals(SizeClasses.MAX_CELL_BYTES, SizeClasses.cellBytes(SizeClasses.count() - 1));
    }

    @Test
    void internalFragmentationIsBoundedByAQuarter() {
        for (int bytes = 64; bytes <= SizeClasses.MAX_CELL_BYTES; bytes += 8) {
            int cell = SizeClasses.cellBytes(SizeClasses.classOf(bytes));
            assertTrue(cell - bytes <= bytes / 4 + 8, bytes + " -> " + cell);
        }
    }
}
