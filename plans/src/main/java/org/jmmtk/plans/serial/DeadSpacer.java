package org.jmmtk.plans.serial;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * HotSpot's {@code DeadSpacer} (in {@code CompactibleSpace::scan_and_forward}): where a full collection's
 * dense prefix of the old generation ends. From the bottom, live objects stay where they are and so does
 * each run of dead space while the runs add up to at most {@code MarkSweepDeadRatio} percent of the old
 * generation (a trailing run included); the first run that does not fit ends the prefix. The
 * {@code MarkSweepAlwaysCompactCount}-th full collection (HotSpot counts from 1) and every one after as
 * many again compact everything.
 *
 * <p>Threads: the full collection's {@link PlanCompaction} packet, once everything is marked.
 */
final class DeadSpacer {
    /** HotSpot's {@code MarkSweepDeadRatio}: percent of the old generation a full collection may leave dead at its bottom. */
    static final int DEAD_RATIO = 5;
    /** HotSpot's {@code MarkSweepAlwaysCompactCount}: every this many full collections compact everything. */
    static final int ALWAYS_COMPACT_COUNT = 4;

    private DeadSpacer() {
    }

    /**
     * The end of the dense prefix of the old generation of {@code oldBytes}, whose objects (marked if
     * live, their starts set in {@code valid}) lie from {@code bottom} to {@code top}, in the
     * {@code fullCollections}-th full collection.
     */
    static long densePrefixEnd(SimulatedMemory memory, SideBitmap valid, long bottom, long top, long oldBytes,
            int fullCollections) {
        if (fullCollections % ALWAYS_COMPACT_COUNT == 0) {
            return bottom;
        }
        long allowance = oldBytes * DEAD_RATIO / 100 >>> 3 << 3;
        long cur = bottom;
        for (long o = valid.next(bottom, top); o >= 0; o = valid.next(o + 8, top)) {
            if (!ObjectModel.isMarked(memory, o)) {
                continue;
            }
            if (o - cur > allowance) {
                return cur;
            }
            allowance -= o - cur;
            cur = o + ObjectModel.size(memory, o);
        }
        return top - cur <= allowance ? top : cur;
    }
}
