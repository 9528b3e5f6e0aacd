package org.jmmtk.plans.serial;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideCounts;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.MarkCompactSpace;

/**
 * Where a full collection puts the young generation's survivors: after the old generation's, in the
 * order HotSpot's compaction points visit them (eden, then the from-space, then the to-space). Each
 * marked young object's place is kept, as granules from the old generation's start plus one, in a side
 * table over all memory ({@code serial-young-forwarding}, global as mmtk-core counts such tables), read
 * when references are redirected and when the objects move.
 *
 * <p>Threads: {@link #place} by the full collection's {@link PlanCompaction} packet; {@link #destination}
 * by its RefForwarding packets and then its compaction, after the placement (bucket opening orders them).
 */
final class YoungForwarding {
    private final SimulatedMemory memory;
    private final SideBitmap valid;
    private final MarkCompactSpace old;
    private final SideCounts places;

    /** A table in {@code metadata} for young objects that a full collection appends to {@code old}. */
    YoungForwarding(SideMetadataRegistry metadata, SimulatedMemory memory, SideBitmap valid, MarkCompactSpace old) {
        this.memory = memory;
        this.valid = valid;
        this.old = old;
        this.places = metadata.counts(SideMetadataSpec.perGranule("serial-young-forwarding", true, 32), null);
    }

    /**
     * Once the old generation's forwarding is computed: gives every marked object of {@code spaces}, in
     * their order, its place after the old generation's survivors; returns them in that order.
     */
    long[] place(CopySpace... spaces) {
        LongArrayList live = new LongArrayList();
        for (CopySpace space : spaces) {
            long end = space.allocatedEnd();
            for (long o = valid.next(space.start(), end); o >= 0; o = valid.next(o + 8, end)) {
                if (ObjectModel.isMarked(memory, o)) {
                    long at = old.appendAfterSurvivors(ObjectModel.size(memory, o));
                    long granule = (at - old.start()) >>> 3;
                    if (granule >= Integer.MAX_VALUE) {
                        throw new IllegalStateException("old generation too large for the young forwarding table");
                    }
                    places.set(o, (int) granule + 1);
                    live.add(o);
                }
            }
        }
        return live.toLongArray();
    }

    /** The place {@link #place} gave young {@code object}. */
    long destination(long object) {
        return old.start() + ((long) (places.get(object) - 1) << 3);
    }
}
