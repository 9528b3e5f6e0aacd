package org.jmmtk.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every size up to the largest cell maps to the smallest class that holds it, for every block size. */
class SizeClassesTest {
    @ParameterizedTest
    @ValueSource(ints = {32, 64, 96, 128, 512, 4096, 8192})
    void smallestFittingClass(int maxCell) {
        SizeClasses classes = new SizeClasses(maxCell);
        for (int bytes = 8; bytes <= classes.maxCellBytes(); bytes += 8) {
            int c = classes.classOf(bytes);
            assertTrue(classes.cellBytes(c) >= bytes, "class too small for " + bytes);
            if (c > 0) {
                assertTrue(classes.cellBytes(c - 1) < bytes, "a smaller class fits " + bytes);
            }
        }
        assertEquals(16, classes.cellBytes(classes.classOf(16)));
        assertEquals(maxCell, classes.maxCellBytes());
    }

    @ParameterizedTest
    @ValueSource(ints = {128, 8192})
    void internalFragmentationIsBoundedByAQuarter(int maxCell) {
        SizeClasses classes = new SizeClasses(maxCell);
        for (int bytes = 16; bytes <= classes.maxCellBytes(); bytes += 8) {
            int cell = classes.cellBytes(classes.classOf(bytes));
            assertTrue(cell - bytes <= bytes / 4, bytes + " -> " + cell);
            if (bytes <= 128) {
                assertEquals(bytes, cell, "8-byte steps up to 128 bytes");
            }
        }
    }
}
