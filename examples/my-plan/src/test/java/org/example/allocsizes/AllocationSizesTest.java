package org.example.allocsizes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Size classes are powers of two from 16 bytes up, with one class above 64 KiB. */
class AllocationSizesTest {
    @Test
    void sizeClasses() {
        assertEquals(0, AllocationSizes.sizeClass(1));
        assertEquals(0, AllocationSizes.sizeClass(16));
        assertEquals(1, AllocationSizes.sizeClass(17));
        assertEquals(1, AllocationSizes.sizeClass(32));
        assertEquals(12, AllocationSizes.sizeClass(64 << 10));
        assertEquals(13, AllocationSizes.sizeClass((64 << 10) + 1));
    }

    @Test
    void labels() {
        List<String> labels = List.copyOf(new AllocationSizes().summary().keySet());
        assertEquals("<= 16 B", labels.get(0));
        assertEquals("<= 1 KiB", labels.get(6));
        assertEquals("> 64 KiB", labels.get(labels.size() - 1));
    }
}
