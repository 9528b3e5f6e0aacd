package org.jmmtk.plans.serial;

import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.generational.Gen;

/**
 * What one collection of {@code serial} did in HotSpot's terms, read from its {@link GcRecord}'s plan
 * counters (the same numbers {@code run --json} prints in {@code collections[]}). Byte counts are
 * trace bytes (header included).
 *
 * @param young             a young collection (HotSpot's "Pause Young"), else full ("Pause Full")
 * @param attempted         false for a young collection HotSpot would not attempt (not
 *                          {@code collection_attempt_is_safe}): it collects nothing and a full one follows
 * @param bytesPromoted     bytes moved from the young to the old generation (a full collection
 *                          moves all young survivors there)
 * @param survivorBytes     bytes in the survivor space (to-space) after the collection
 * @param tenuringThreshold the tenuring threshold after the collection (what HotSpot's
 *                          {@code gc+age} log prints as "new threshold"), used by the next young one
 * @param promotionFailed   an object could be neither kept young nor promoted; a full collection follows
 * @param oldUsedBytes      bytes in use in the old generation after the collection (simulated sizes)
 */
public record SerialGcStats(boolean young, boolean attempted, long bytesPromoted, long survivorBytes,
                            int tenuringThreshold, boolean promotionFailed, long oldUsedBytes) {
    public static final String BYTES_PROMOTED = "bytesPromoted";
    public static final String SURVIVOR_BYTES = "survivorBytes";
    public static final String TENURING_THRESHOLD = "tenuringThreshold";
    public static final String PROMOTION_FAILED = "promotionFailed";
    public static final String ATTEMPTED = "attempted";
    public static final String OLD_USED_BYTES = "oldUsedBytes";
    /** Eden's bytes in use when the collection started: objects and TLAB waste (HotSpot's eden "used" before it). */
    public static final String EDEN_USED_BYTES = "edenUsedBytes";
    /**
     * Eden's bytes wasted in TLAB tails since the last collection (HotSpot's {@code gc+tlab} "slow" plus "gc"
     * waste), and in the TLABs of threads that ended since (which HotSpot's log does not count).
     */
    public static final String TLAB_WASTE_BYTES = "tlabWasteBytes";

    /** The counters of a collection of {@code serial}; throws {@link IllegalArgumentException} for another plan's. */
    public static SerialGcStats of(GcRecord record) {
        if (!record.planStats().containsKey(TENURING_THRESHOLD)) {
            throw new IllegalArgumentException("collection " + record.gc() + " is not one of plan serial");
        }
        return new SerialGcStats(record.kind().equals(Gen.NURSERY.label), stat(record, ATTEMPTED) != 0,
                stat(record, BYTES_PROMOTED), stat(record, SURVIVOR_BYTES), (int) stat(record, TENURING_THRESHOLD),
                stat(record, PROMOTION_FAILED) != 0, stat(record, OLD_USED_BYTES));
    }

    private static long stat(GcRecord record, String name) {
        return record.planStats().getOrDefault(name, 0L);
    }
}
