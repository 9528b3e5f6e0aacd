package org.jmmtk.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The median allocation size against sorting, and which free bytes a size cannot use. */
class FragmentationTest {
    @Property(tries = 200)
    void medianIsTheLowerMedianOfTheSortedSizes(@ForAll @Size(min = 1, max = 60) int[] granules,
                                                @ForAll @IntRange(min = 0, max = 2) int large) {
        SizeHistogram a = new SizeHistogram();
        SizeHistogram b = new SizeHistogram();
        long[] sizes = new long[granules.length];
        for (int i = 0; i < granules.length; i++) {
            // some sizes above the dense range, which go to the map
            long size = 8L * (Math.abs(granules[i] % 50) + 1) * (large > 0 && i % 3 == 0 ? 1000 : 1);
            sizes[i] = size;
            (i % 2 == 0 ? a : b).record(size);
        }
        a.add(b);
        Arrays.sort(sizes);
        assertEquals(sizes.length, a.count());
        assertEquals(sizes[(sizes.length + 1) / 2 - 1], a.median());
    }

    @Test
    void emptyHistogramHasMedianZero() {
        assertEquals(0, new SizeHistogram().median());
    }

    @Test
    void unusableBytesAreThoseWhoseRangeExcludesTheSize() {
        FreeSpaceProfile p = new FreeSpaceProfile.Builder()
                .add(1, 32, 320)      // a size class of cells up to 32 bytes
                .add(33, 64, 640)     // the next class
                .add(1, 256, 256)     // a hole of 256 bytes
                .add(1, 32, 32)       // merged with the first
                .build();
        assertEquals(352 + 640 + 256, p.totalBytes());
        assertEquals(640, p.unusableBy(24));
        assertEquals(352, p.unusableBy(48));
        assertEquals(352 + 640, p.unusableBy(128));
        assertEquals(352 + 640 + 256, p.unusableBy(512));
        assertEquals(0, FreeSpaceProfile.NONE.unusableBy(8));
    }
}
