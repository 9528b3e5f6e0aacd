package org.jmmtk.plans.serial;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.vm.Scanning;

/**
 * The order in which a young collection moves the objects the closure marked, HotSpot's
 * ({@code DefNewGeneration::collect}, JDK 17): the order decides which objects still find room in the
 * to-space when it fills (the others are promoted) and where each lies. First the roots, each object
 * moved as its first reference is found: the mutators' root slots (thread by thread, as
 * {@code Threads::oops_do}), the global ones, then the slots of the dirty cards below the old
 * generation's top at the start, dirty runs from the highest to the lowest and each run from its start
 * ({@code ClearNoncleanCardWrapper}). Then HotSpot's Cheney scan ({@code FastEvacuateFollowersClosure}):
 * every copy in the to-space not yet scanned, in address order, until none is left, then every copy
 * promoted in the old generation likewise, and again until neither has any. An object whose promotion
 * fails stays in place and its slots are scanned at once, last kept first
 * ({@code handle_promotion_failure}). Objects the closure marked that no slot reached (kept alive by
 * reference processing) are moved last, in address order. One pass on one thread over what the
 * parallel closure marked, so the order never depends on the number of GC threads.
 */
final class CopyOrder {
    /** Moves one marked young object (to the to-space, the old generation or nowhere) and lists it. */
    @FunctionalInterface
    interface Evacuator {
        void evacuate(long object, Scavenge.Moved moved);
    }

    private final Serial plan;
    private final SimulatedMemory memory;
    private final Evacuator evacuator;
    private final Scavenge.Moved moved = new Scavenge.Moved();
    private final LongArrayList failedToScan = new LongArrayList();
    private int keptSeen;
    private boolean drainingFailed;

    CopyOrder(Serial plan, Evacuator evacuator) {
        this.plan = plan;
        this.memory = plan.memory();
        this.evacuator = evacuator;
    }

    /** Moves every marked object of {@code spaces} (the from-space and eden) in HotSpot's order. */
    Scavenge.Moved run(Scanning scanning, long oldTopAtStart, CopySpace... spaces) {
        for (Mutator m : plan.mutators()) {
            scanning.scanMutatorRoots(m.ordinal(), this::visitSlot);
        }
        scanning.scanGlobalRoots(this::visitSlot);
        scanDirtyCards(oldTopAtStart);
        followers();
        SideBitmap valid = plan.heap().validObjects();
        for (CopySpace space : spaces) {
            long end = space.allocatedEnd();
            for (long o = valid.next(space.start(), end); o >= 0; o = valid.next(o + 8, end)) {
                if (unmoved(o)) {
                    evacuate(o);
                    followers();
                }
            }
        }
        return moved;
    }

    private void scanDirtyCards(long oldTopAtStart) {
        SideBitmap valid = plan.heap().validObjects();
        CardTable cards = plan.cards();
        LongArrayList dirty = new LongArrayList();
        for (Space s : plan.cardedSpaces()) {
            long start = s.start();
            long end = s == plan.oldSpace() ? oldTopAtStart : s.extentEnd();
            dirty.clear();
            for (long card = cards.nextDirty(start, end); card >= 0; card = cards.nextDirty(card + CardTable.CARD_BYTES, end)) {
                dirty.add(card);
            }
            int runEnd = dirty.size();
            while (runEnd > 0) {
                int runStart = runEnd - 1;
                while (runStart > 0 && dirty.getLong(runStart - 1) + CardTable.CARD_BYTES == dirty.getLong(runStart)) {
                    runStart--;
                }
                for (int i = runStart; i < runEnd; i++) {
                    DirtyCards.forEachSlotInCard(memory, valid, dirty.getLong(i), start, end, this::visitSlot);
                }
                runEnd = runStart;
            }
        }
    }

    private void followers() {
        LongArrayList survivors = moved.survivors;
        LongArrayList promoted = moved.promoted;
        int scannedSurvivors = 0;
        int scannedPromoted = 0;
        while (scannedSurvivors < survivors.size() || scannedPromoted < promoted.size()) {
            while (scannedSurvivors < survivors.size()) {
                scanObject(survivors.getLong(scannedSurvivors++));
            }
            while (scannedPromoted < promoted.size()) {
                scanObject(promoted.getLong(scannedPromoted++));
            }
        }
    }

    private void scanObject(long object) {
        for (int i = 0, n = ObjectModel.refSlots(memory, object); i < n; i++) {
            visitSlot(ObjectModel.slotAddress(object, i));
        }
    }

    private void visitSlot(long slot) {
        long target = memory.load(slot);
        if (target != 0 && plan.isYoung(target) && unmoved(target)) {
            evacuate(target);
        }
    }

    /** Marked by the closure and neither moved nor kept yet (a kept object's mark is cleared). */
    private boolean unmoved(long object) {
        return !ObjectModel.isForwarded(memory, object) && ObjectModel.isMarked(memory, object);
    }

    private void evacuate(long object) {
        evacuator.evacuate(object, moved);
        LongArrayList kept = moved.kept;
        while (keptSeen < kept.size()) {
            failedToScan.add(kept.getLong(keptSeen++));
        }
        if (drainingFailed) {
            return;
        }
        drainingFailed = true;
        while (!failedToScan.isEmpty()) {
            scanObject(failedToScan.popLong());
        }
        drainingFailed = false;
    }
}
