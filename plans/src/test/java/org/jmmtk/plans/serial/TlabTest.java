package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The TLAB policy against the figures HotSpot 17 printed for the same eden ({@code -Xmx64m -Xmn8m}: eden
 * 6,656 KB, 851,968 words) with {@code -Xlog:gc+tlab=trace}: "desired_size: 133KB ... refill waste:
 * 2128B alloc: 0.99998", "compute_size(23) returns 17062", and after the first young collection of a
 * single-threaded program "alloc: 0.977345 desired_size: 17039 -> 16653". Pure arithmetic: no
 * simulation, no timing.
 */
class TlabTest {
    private static final long EDEN = 6656 * 1024;
    private static final long EDEN_WORDS = EDEN / 8;

    @Test
    void aNewThreadsTlabIsAFiftiethOfEdenForOneAllocatingThread() {
        Tlab tlab = new Tlab(EDEN, 1);
        assertEquals(17039, tlab.desiredWords());
        assertEquals(2128 / 8, tlab.refillWasteLimitWords());
        assertEquals(17039 / 2, new Tlab(EDEN, 2).desiredWords());
        assertFalse(tlab.tryAllocate(1), "no TLAB before the first refill");
        assertEquals(Tlab.Slow.NEW_TLAB, tlab.slowPath(23));
        assertEquals(17062, tlab.newTlabWords(23, EDEN_WORDS));
    }

    @Test
    void objectsFillTheTlabUpToItsEndReserve() {
        Tlab tlab = new Tlab(EDEN, 1);
        tlab.slowPath(23);
        tlab.filled(17062, 23);
        long free = 17062 - Tlab.ALIGNMENT_RESERVE_WORDS - 23;
        assertEquals(free, tlab.freeWords());
        assertFalse(tlab.tryAllocate(free + 1));
        assertTrue(tlab.tryAllocate(free - 300));
        assertEquals(300, tlab.freeWords());
    }

    @Test
    void anObjectThatDoesNotFitGoesOutsideWhileTheRestIsMoreThanTheRefillWasteLimit() {
        Tlab tlab = new Tlab(EDEN, 1);
        tlab.slowPath(10);
        tlab.filled(17049, 10);
        long limit = tlab.refillWasteLimitWords();
        assertTrue(tlab.tryAllocate(tlab.freeWords() - (limit + 1)));
        assertEquals(limit + 1, tlab.freeWords());
        // the rest is kept; each such object raises the limit by TLABWasteIncrement
        assertEquals(Tlab.Slow.OUTSIDE, tlab.slowPath(limit + 2));
        assertEquals(limit + Tlab.WASTE_INCREMENT_WORDS, tlab.refillWasteLimitWords());
        assertEquals(limit + 1, tlab.freeWords());
        // now the rest is within the limit: retired, its rest and the end reserve wasted
        assertEquals(Tlab.Slow.NEW_TLAB, tlab.slowPath(limit + 2));
        assertEquals(0, tlab.freeWords());
        assertEquals((limit + 1 + Tlab.ALIGNMENT_RESERVE_WORDS) * 8, tlab.takeWasteBytes());
        assertEquals(0, tlab.takeWasteBytes());
        tlab.filled(17039 + limit + 2, limit + 2);
        assertEquals(limit, tlab.refillWasteLimitWords(), "a new TLAB resets the limit");
    }

    @Test
    void theLastTlabIsClippedToEdensRestOrNotTakenIfTheObjectAndReserveDoNotFit() {
        Tlab tlab = new Tlab(EDEN, 1);
        assertEquals(5000, tlab.newTlabWords(10, 5000));
        assertEquals(300, tlab.newTlabWords(10, 300));
        assertEquals(0, tlab.newTlabWords(10, Tlab.MIN_TLAB_WORDS - 1), "below MinTLABSize");
        assertEquals(0, tlab.newTlabWords(300, 300 + Tlab.ALIGNMENT_RESERVE_WORDS - 1), "no room for the reserve");
        assertEquals(300 + Tlab.ALIGNMENT_RESERVE_WORDS, tlab.newTlabWords(300, 300 + Tlab.ALIGNMENT_RESERVE_WORDS));
    }

    @Test
    void theDesiredSizeFollowsTheThreadsShareOfEdenAsHotSpotsLogShows() {
        Tlab tlab = new Tlab(EDEN, 1);
        long allocated = 0;
        tlab.slowPath(2);
        tlab.filled(17041, 2);
        allocated += 2 * 8;
        long rest = 6_506_976 - allocated;
        tlab.allocatedOutside(rest / 8);
        assertTrue(tlab.retireAtGc(EDEN), "it refilled: an allocating thread");
        // the TLAB's rest with its end reserve: HotSpot printed "refills: 1 waste 100.0% gc: 136312B" for a
        // thread that took one TLAB for one small object
        assertEquals(136_312, tlab.takeWasteBytes(), "the TLAB's rest is gc waste");
        tlab.resize();
        // share 6,506,976 / 6,815,744 = 0.9547, averaged with the initial 0.99998 at weight 50: 0.97734
        assertEquals(16653, tlab.desiredWords());
        assertEquals(16653 / 64, tlab.refillWasteLimitWords());
    }

    @Test
    void aCollectionOfAHalfEmptyEdenOrAThreadThatDidNotRefillLeavesTheSizeAlone() {
        Tlab idle = new Tlab(EDEN, 1);
        assertFalse(idle.retireAtGc(EDEN));
        idle.resize();
        assertEquals(17039, idle.desiredWords());

        Tlab early = new Tlab(EDEN, 1);
        early.slowPath(2);
        early.filled(100, 2);
        assertTrue(early.retireAtGc(EDEN / 2));
        early.resize();
        assertEquals(17039, early.desiredWords(), "eden at most half used: no sample (a System.gc())");
    }

    @Test
    void aThreadThatAllocatesLittleShrinksToTheMinimum() {
        Tlab tlab = new Tlab(EDEN, 1);
        for (int gc = 0; gc < 40; gc++) {
            tlab.slowPath(2);
            tlab.filled(Tlab.MIN_SIZE_WORDS, 2);
            tlab.retireAtGc(EDEN);
            tlab.resize();
        }
        assertEquals(Tlab.MIN_SIZE_WORDS, tlab.desiredWords());
    }
}
