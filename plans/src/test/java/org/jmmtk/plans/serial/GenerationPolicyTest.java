package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Serial's decisions on byte counts alone, as HotSpot 17 takes them: when a young collection is safe
 * to attempt, when a full one follows, and the next tenuring threshold. No heap, no simulation.
 */
class GenerationPolicyTest {
    /** 8,000-byte survivor spaces: TargetSurvivorRatio 50 desires 500 words of survivors. */
    private static final long SURVIVOR_BYTES = 8_000;

    @Test
    void startsYoungAtTheMaximumThreshold() {
        GenerationPolicy p = new GenerationPolicy(15, SURVIVOR_BYTES);
        assertEquals(15, p.tenuringThreshold());
        assertTrue(p.youngForAllocationFailure());
        assertFalse(p.fullDue());
    }

    /** After one young collection promoted 1,000 bytes the padded average is 1,000 (no deviation yet). */
    @Test
    void anAttemptIsSafeIfTheOldGenerationTakesThePaddedAverageOrEverythingYoung() {
        GenerationPolicy p = new GenerationPolicy(15, SURVIVOR_BYTES);
        p.youngCollectionEnded(1_000, true, 1_000_000);
        assertTrue(p.youngAttemptIsSafe(false, 1_000, 5_000), "free covers the padded average");
        assertFalse(p.youngAttemptIsSafe(false, 999, 5_000), "free covers neither");
        assertTrue(p.youngAttemptIsSafe(false, 999, 999), "free covers everything young");
        assertFalse(p.youngAttemptIsSafe(true, 1_000_000, 0), "the to-space still holds a failed promotion's objects");
    }

    @Test
    void aFailedYoungCollectionMakesTheNextFullUntilAFullCollectionEnds() {
        GenerationPolicy p = new GenerationPolicy(15, SURVIVOR_BYTES);
        p.youngCollectionEnded(0, false, 1_000_000);
        assertTrue(p.fullDue());
        assertFalse(p.youngForAllocationFailure());
        p.fullCollectionEnded(false);
        assertFalse(p.fullDue());
        assertTrue(p.youngForAllocationFailure(), "a full collection clears incremental_collection_will_fail");
        p.fullCollectionEnded(true);
        assertTrue(p.fullDue(), "an old generation still over its size");
    }

    @Test
    void aYoungCollectionLeavingTheOldGenerationNearlyFullIsFollowedByAFullOne() {
        GenerationPolicy p = new GenerationPolicy(15, SURVIVOR_BYTES);
        p.youngCollectionEnded(0, true, GenerationPolicy.MIN_OLD_FREE_BYTES);
        assertFalse(p.fullDue());
        p.youngCollectionEnded(0, true, GenerationPolicy.MIN_OLD_FREE_BYTES - 1);
        assertTrue(p.fullDue());
        assertFalse(p.youngForAllocationFailure());
    }

    /** 400 words at age 1 and 200 at age 2 pass the desired 500 at age 2; capped at 1, the cap wins. */
    @Test
    void theNextThresholdComesFromTheAgeTableCappedAtTheMaximum() {
        for (int max : new int[] {15, 1}) {
            GenerationPolicy p = new GenerationPolicy(max, SURVIVOR_BYTES);
            p.youngCollectionStarts();
            p.survived(1, 400 * 8);
            p.survived(2, 200 * 8);
            p.youngCollectionEnded(0, true, 1_000_000);
            assertEquals(Math.min(2, max), p.tenuringThreshold());
            p.youngCollectionStarts();
            p.youngCollectionEnded(0, true, 1_000_000);
            assertEquals(max, p.tenuringThreshold(), "an empty age table passes nothing: the maximum");
        }
    }

    @Test
    void aFailedYoungCollectionKeepsTheThreshold() {
        GenerationPolicy p = new GenerationPolicy(15, SURVIVOR_BYTES);
        p.youngCollectionStarts();
        p.survived(1, 600 * 8);
        p.youngCollectionEnded(0, false, 1_000_000);
        assertEquals(15, p.tenuringThreshold());
    }
}
