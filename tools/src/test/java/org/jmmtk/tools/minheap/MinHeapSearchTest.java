package org.jmmtk.tools.minheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The search against runs that complete exactly from a threshold on: it finds a completing heap within
 * 1% above the threshold, with a failing heap within 1% below, and reports runs and failure honestly.
 */
class MinHeapSearchTest {
    private static final long CEILING = 64L << 30;

    @ParameterizedTest(name = "threshold {0}, max live {1}, start {2}")
    @CsvSource({"1000, 1000, 2000", "1001, 1000, 2000", "7300, 1000, 2000", "99999, 1000, 2000",
            "123456789, 1000000, 2000000", "5000, 1000, 8000", "1024, 1024, 1024", "68719476736, 1000, 2000"})
    void bisectsToWithinOnePercentOfTheThreshold(long threshold, long maxLive, long start) throws IOException {
        int[] runs = new int[1];
        MinHeapSearch.Result r = MinHeapSearch.search(maxLive - 1, start, CEILING, 0.01, heap -> {
            runs[0]++;
            return heap >= threshold;
        });
        assertTrue(r.found());
        assertTrue(r.minHeapBytes() >= threshold, "completes");
        assertTrue(r.failedBelow() < threshold, "the failing heap fails");
        assertTrue(r.failedBelow() >= Math.floor(0.99 * r.minHeapBytes()), "within 1%: " + r);
        assertEquals(runs[0], r.runs());
    }

    @Test
    void reportsFailureWhenTheCeilingFails() throws IOException {
        MinHeapSearch.Result r = MinHeapSearch.search(999, 1000, 100_000, 0.01, heap -> false);
        assertFalse(r.found());
        assertEquals(100_000, r.failedBelow());
        assertEquals(8, r.runs(), "1000, 2000, ..., 64000, then the ceiling");
    }

    @Test
    void reportsTheSmallestHeapSeenToCompleteWhenCompletingIsNotMonotone() throws IOException {
        // completes from 1500 on, except in a window where a collection falls at a bad moment
        MinHeapSearch.Result r = MinHeapSearch.search(999, 2000, CEILING, 0.01,
                heap -> heap >= 1500 && (heap < 1600 || heap > 1800));
        assertTrue(r.minHeapBytes() >= 1500 && (r.minHeapBytes() < 1600 || r.minHeapBytes() > 1800), r.toString());
    }

    @Test
    void rejectsAStartNotAboveTheFailingBound() {
        assertThrows(IllegalArgumentException.class, () -> MinHeapSearch.search(1000, 1000, CEILING, 0.01, h -> true));
    }
}
