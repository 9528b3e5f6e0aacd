package org.jmmtk.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Pauses are clipped to the run, sorted and merged; paused time in an interval counts only pauses in it. */
class PauseIntervalsTest {
    @Test
    void overlappingUnorderedAndOutOfRunPausesAreMergedAndClipped() {
        PauseIntervals p = new PauseIntervals(new long[] {50, -5, 55, 95, 20, 60}, new long[] {60, 5, 70, 130, 20, 70},
                100);
        assertEquals(3, p.count());
        assertEquals(0, p.start(0));
        assertEquals(5, p.end(0));
        assertEquals(50, p.start(1));
        assertEquals(70, p.end(1));
        assertEquals(95, p.start(2));
        assertEquals(100, p.end(2));
        assertEquals(5 + 20 + 5, p.pausedNanos());
        assertEquals(25, p.pausedBefore(2));
        assertEquals(5, p.shortestNanos());
        assertEquals(20, p.longestNanos());
    }

    @Test
    void pausedBetweenCountsPartsOfPauses() {
        PauseIntervals p = new PauseIntervals(new long[] {10, 40}, new long[] {20, 45}, 100);
        assertEquals(0, p.pausedBetween(0, 10));
        assertEquals(5, p.pausedBetween(0, 15));
        assertEquals(8 + 3, p.pausedBetween(12, 43));
        assertEquals(15, p.pausedBetween(0, 100));
        assertEquals(0, p.pausedBetween(20, 40));
    }

    @Test
    void noPauses() {
        PauseIntervals p = new PauseIntervals(new long[0], new long[0], 100);
        assertEquals(0, p.count());
        assertEquals(0, p.shortestNanos());
        assertEquals(0, p.longestNanos());
        assertEquals(0, p.pausedBetween(0, 100));
    }

    @Test
    void badPausesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new PauseIntervals(new long[] {20}, new long[] {10}, 100));
        assertThrows(IllegalArgumentException.class, () -> new PauseIntervals(new long[] {1}, new long[0], 100));
        assertThrows(IllegalArgumentException.class, () -> new PauseIntervals(new long[0], new long[0], -1));
    }
}
