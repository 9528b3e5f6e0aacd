package org.jmmtk.plans.serial;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.TraceLocal;
import org.jmmtk.core.scheduling.ReferenceProcessor;
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
 * promoted in the old generation likewise, and again until neither has any. Pinned roots (a
 * recording's references it could not place) come after that scan, with a scan of their own: most of
 * what they hold a field holds too, where HotSpot finds it, and taken first they filled the to-space
 * with what HotSpot promotes (docs/serial.md). An object whose promotion
 * fails stays in place and its slots are scanned at once, last kept first
 * ({@code handle_promotion_failure}). Objects the closure marked that no slot reached (kept alive by
 * reference processing) are moved last, in address order. One pass on one thread over what the
 * parallel closure marked, so the order never depends on the number of GC threads.
 *
 * <p>Weak references, as HotSpot discovers them ({@code DefNewGeneration}'s scan of a copy): the
 * closure set every young object's weak slot aside. A copy in the to-space is a reference discovered:
 * its weak slot is not followed, and once everything is moved its referent is cleared if it was not
 * moved (nothing else reached it), or given its new address. A copy promoted to the old generation (or
 * an object kept in place) holds its referent strongly: a referent the closure did not mark is marked
 * here with what it reaches (weak slots again set aside) and moved as any slot's target.
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
    private final TraceLocal marks;
    private final ReferenceProcessor references;
    /** The collection's weak-slot table, or null if it discovers no references. */
    private final int[] weakSlots;
    /** Weak slots of the to-space copies whose referent is young: resolved at the end. */
    private final LongArrayList discovered = new LongArrayList();
    private final LongArrayList markStack = new LongArrayList();
    /** The objects kept in place, as a set once a referent asks (kept objects have their marks cleared); grows with the list. */
    private final LongOpenHashSet keptSet = new LongOpenHashSet();
    private final Scavenge.Moved moved = new Scavenge.Moved();
    private final LongArrayList failedToScan = new LongArrayList();
    private int keptSeen;
    private boolean drainingFailed;
    /** The Cheney scan's fingers: copies in the to-space and promoted ones already scanned. */
    private int scannedSurvivors;
    private int scannedPromoted;

    /** @param marks counts the objects marked here (referents only promoted copies hold) */
    CopyOrder(Serial plan, Evacuator evacuator, TraceLocal marks, ReferenceProcessor references) {
        this.plan = plan;
        this.memory = plan.memory();
        this.evacuator = evacuator;
        this.marks = marks;
        this.references = references;
        this.weakSlots = references.table();
    }

    /** Moves every marked object of {@code spaces} (the from-space and eden) in HotSpot's order. */
    Scavenge.Moved run(Scanning scanning, long oldTopAtStart, CopySpace... spaces) {
        for (Mutator m : plan.mutators()) {
            scanning.scanMutatorRoots(m.ordinal(), this::visitSlot);
        }
        scanning.scanPlacedGlobalRoots(this::visitSlot);
        scanDirtyCards(oldTopAtStart);
        followers();
        scanning.scanPinnedRoots(this::visitSlot);
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
        resolveDiscovered();
        return moved;
    }

    /** Clears the discovered weak slots whose referent was not moved (or kept), updates the others. */
    private void resolveDiscovered() {
        for (int i = 0, n = discovered.size(); i < n; i++) {
            long slot = discovered.getLong(i);
            long referent = memory.load(slot);
            if (ObjectModel.isForwarded(memory, referent)) {
                memory.store(slot, ObjectModel.forwardee(memory, referent));
                references.count(false);
            } else if (isKept(referent)) {
                references.count(false);
            } else {
                memory.store(slot, 0);
                references.count(true);
            }
        }
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
        while (scannedSurvivors < survivors.size() || scannedPromoted < promoted.size()) {
            while (scannedSurvivors < survivors.size()) {
                scanObject(survivors.getLong(scannedSurvivors++), true);
            }
            while (scannedPromoted < promoted.size()) {
                scanObject(promoted.getLong(scannedPromoted++), false);
            }
        }
    }

    /** Visits the object's slots; its weak slot is discovered if {@code young} (a to-space copy), else strong. */
    private void scanObject(long object, boolean young) {
        int n = ObjectModel.refSlots(memory, object);
        int weak = weakSlotOf(object, n);
        for (int i = 0; i < n; i++) {
            long slot = ObjectModel.slotAddress(object, i);
            if (i == weak) {
                long referent = memory.load(slot);
                if (referent == 0 || !plan.isYoung(referent)) {
                    continue;
                }
                if (young) {
                    discovered.add(slot);
                    continue;
                }
                markIfSetAside(referent);
            }
            visitSlot(slot);
        }
    }

    /** The object's weak slot if this collection discovers references and its type has one below {@code slots}, else -1. */
    private int weakSlotOf(long object, int slots) {
        if (weakSlots == null) {
            return -1;
        }
        int w = WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, object));
        return w < slots ? w : -1;
    }

    /**
     * A young referent a promoted or kept object holds strongly: if the closure did not mark it (only
     * weak slots reached it), marks it and the young objects it reaches as the closure would have, with
     * their weak slots set aside in turn.
     */
    private void markIfSetAside(long referent) {
        if (!unmarkedYoung(referent)) {
            return;
        }
        markStack.add(referent);
        while (!markStack.isEmpty()) {
            long o = markStack.popLong();
            if (!unmarkedYoung(o)) {
                continue;
            }
            long status = ObjectModel.markStatus(memory, o);
            marks.marked(ObjectModel.traceBytesOfStatus(status));
            int n = ObjectModel.refSlotsOfStatus(status);
            int weak = weakSlotOf(o, n);
            for (int i = 0; i < n; i++) {
                long target = memory.load(ObjectModel.slotAddress(o, i));
                if (i != weak && target != 0) {
                    markStack.add(target);
                }
            }
        }
    }

    /** Young, neither marked, moved nor kept: reached by nothing but weak slots so far. */
    private boolean unmarkedYoung(long object) {
        return plan.isYoung(object) && !ObjectModel.isForwarded(memory, object) && !ObjectModel.isMarked(memory, object)
                && !isKept(object);
    }

    private boolean isKept(long object) {
        LongArrayList kept = moved.kept;
        for (int i = keptSet.size(), n = kept.size(); i < n; i++) {
            keptSet.add(kept.getLong(i)); // an object is kept once: the set's size counts the list's prefix it holds
        }
        return keptSet.contains(object);
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
            scanObject(failedToScan.popLong(), false);
        }
        drainingFailed = false;
    }
}
