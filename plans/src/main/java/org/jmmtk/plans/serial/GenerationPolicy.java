package org.jmmtk.plans.serial;

/**
 * HotSpot's Serial rules for which generation to collect next and at which age to promote (JDK 17:
 * {@code GenCollectedHeap::do_collection}, {@code DefNewGeneration::collection_attempt_is_safe},
 * {@code TenuredGeneration::promotion_attempt_is_safe}, {@code should_collect} and
 * {@code update_gc_stats}): the decisions alone, from the byte counts {@link Serial} gives it, with no
 * heap of its own. The age table is filled by the one packet that moves a young collection's
 * survivors; every other call comes from the collection's hooks and the mutators' collection requests,
 * which never run at once.
 */
final class GenerationPolicy {
    /** HotSpot's {@code TargetSurvivorRatio}. */
    static final int TARGET_SURVIVOR_RATIO = 50;
    /** {@code TenuredGeneration::should_collect}: a young collection leaving less free is followed by a full one. */
    static final long MIN_OLD_FREE_BYTES = 10_000;
    /** HotSpot's {@code AdaptiveSizePolicyWeight} and {@code PromotedPadding}. */
    static final int PROMOTED_WEIGHT = 10;
    static final int PROMOTED_PADDING = 3;

    private final int maxTenuringThreshold;
    private final long desiredSurvivorWords;
    private final AgeTable ageTable = new AgeTable();
    private final PromotedAverage avgPromoted = new PromotedAverage(PROMOTED_WEIGHT, PROMOTED_PADDING);
    private int tenuringThreshold;
    private boolean incrementalCollectionFailed;
    private boolean fullNext;

    GenerationPolicy(int maxTenuringThreshold, long survivorBytes) {
        this.maxTenuringThreshold = maxTenuringThreshold;
        this.desiredSurvivorWords = AgeTable.desiredSurvivorWords(survivorBytes, TARGET_SURVIVOR_RATIO);
        this.tenuringThreshold = maxTenuringThreshold;
    }

    /** A full collection is due before anything else (a young one failed or left the old generation nearly full). */
    boolean fullDue() {
        return fullNext;
    }

    /**
     * An allocation failure collects the young generation unless a full collection is due or the last
     * young one failed ({@code incremental_collection_will_fail}); anything else collects everything.
     */
    boolean youngForAllocationFailure() {
        return !fullNext && !incrementalCollectionFailed;
    }

    /**
     * HotSpot's {@code collection_attempt_is_safe}: the to-space is empty (it is, unless a promotion
     * failed) and the old generation's free bytes cover the padded average promoted or everything young.
     */
    boolean youngAttemptIsSafe(boolean promotionFailed, long oldFree, long youngUsed) {
        long padded = (long) avgPromoted.padded();
        return !promotionFailed && (oldFree >= padded || oldFree >= youngUsed);
    }

    /** A young collection starts moving its survivors: the age table starts empty. */
    void youngCollectionStarts() {
        ageTable.clear();
    }

    /** The age under which a young survivor stays in the survivor spaces. */
    int tenuringThreshold() {
        return tenuringThreshold;
    }

    /** A young survivor copied to the to-space at {@code age}, {@code bytes} long. */
    void survived(int age, long bytes) {
        ageTable.add(age, bytes);
    }

    /**
     * The end of a young collection ({@code TenuredGeneration::update_gc_stats}: what it promoted is
     * sampled even if nothing): one not attempted or whose promotion failed makes the next a full
     * collection; otherwise the age table gives the next threshold, and a nearly full old generation
     * the next full collection.
     */
    void youngCollectionEnded(long promotedBytes, boolean succeeded, long oldFree) {
        avgPromoted.sample(promotedBytes);
        if (!succeeded) {
            incrementalCollectionFailed = true;
            fullNext = true;
            return;
        }
        tenuringThreshold = ageTable.tenuringThreshold(desiredSurvivorWords, maxTenuringThreshold);
        fullNext = oldFree < MIN_OLD_FREE_BYTES;
    }

    /** The end of a full collection: another is due at once only if the old generation is still over its size. */
    void fullCollectionEnded(boolean oldOverfull) {
        fullNext = oldOverfull;
        incrementalCollectionFailed = false;
    }
}
