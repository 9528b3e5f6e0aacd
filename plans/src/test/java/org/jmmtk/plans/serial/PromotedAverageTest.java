package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The padded average promoted, on which the promotion-safety rule turns, against HotSpot 17.0.15's own
 * figures. {@code java -XX:+UseSerialGC -Xms64m -Xmx64m -Xmn8m -XX:-UseCompressedOops
 * -XX:-UseCompressedClassPointers -Xlog:gc=trace -cp examples Workers} prints at each young collection
 * "Tenured: promo attempt is safe: available(A) >= av_promo(P), max_promo(M)": A is the old
 * generation's free bytes, exact, so the difference of two consecutive A is what the collection between
 * them promoted, to the byte, and P is {@code (size_t) padded_average()} after those samples. Pure
 * arithmetic: no simulation, no timing.
 */
class PromotedAverageTest {
    /** "available(...)" at the 13 young collections of one run of Workers, threshold 15. */
    private static final long[] AVAILABLE = {58720256, 54209216, 50067528, 45303920, 40966928, 38573616,
        35471224, 30857680, 25884128, 21390880, 17033984, 14661848, 10343928};
    /** "av_promo(...)" at the same collections from the second on. */
    private static final long[] AV_PROMO = {4511040, 4603378, 4946278, 4869141, 5355061, 5368022, 5527248,
        5774630, 5748642, 5666714, 5821619, 5760684};

    @Test
    void thePaddedAverageIsHotSpotsToTheByteAfterEveryCollection() {
        PromotedAverage avg = new PromotedAverage(GenerationPolicy.PROMOTED_WEIGHT, GenerationPolicy.PROMOTED_PADDING);
        for (int i = 0; i < AV_PROMO.length; i++) {
            avg.sample(AVAILABLE[i] - AVAILABLE[i + 1]);
            assertEquals(AV_PROMO[i], (long) avg.padded(), "after young collection " + i);
        }
        // the 13th collection is safe in HotSpot (logged "is safe"): free bytes above the padded average
        assertTrue(AVAILABLE[12] >= (long) avg.padded());
    }

    @Test
    void aZeroSampleLowersTheAverageButLeavesTheDeviation() {
        // by hand: weight 100 / n percent while above 10, padding 3
        PromotedAverage avg = new PromotedAverage(10, 3);
        avg.sample(1000);
        assertEquals(1000F, avg.padded());
        avg.sample(0);
        assertEquals(500F, avg.average());
        assertEquals(500F, avg.padded(), "deviation still 0");
        avg.sample(2500);
        // weight 33: average 0.67 * 500 + 0.33 * 2500 = 1160; deviation 0.33 * |2500 - 1160| = 442.2
        assertEquals(1160F, avg.average(), 0.01F);
        assertEquals(1160F + 3 * 442.2F, avg.padded(), 0.01F);
    }
}
