package org.jmmtk.plans.serial;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Walks the reference slots that lie in dirty cards of one space, as HotSpot's
 * {@code DirtyCardToOopClosure} does: the objects that overlap each dirty card are found from the
 * valid-object bits (the one that starts at or before the card, then those that start in it, HotSpot's
 * block offset table), and of each only the slots inside the card are visited. Dead objects that have
 * not been compacted away yet are walked too, as in HotSpot. Stateless.
 */
final class DirtyCards {
    /** Receives one slot address. */
    @FunctionalInterface
    interface SlotVisitor {
        void visit(long slot);
    }

    private DirtyCards() {
    }

    /** Visits every reference slot in a dirty card of {@code [start, end)} (card aligned start). */
    static void forEachSlot(SimulatedMemory memory, SideBitmap validObjects, CardTable cards, long start, long end,
                            SlotVisitor visitor) {
        for (long card = cards.nextDirty(start, end); card >= 0; card = cards.nextDirty(card + CardTable.CARD_BYTES, end)) {
            forEachSlotInCard(memory, validObjects, card, start, end, visitor);
        }
    }

    /** Visits the reference slots of the objects of {@code [start, end)} that lie in the card at {@code card}. */
    static void forEachSlotInCard(SimulatedMemory memory, SideBitmap validObjects, long card, long start, long end,
                                  SlotVisitor visitor) {
        long cardEnd = Math.min(card + CardTable.CARD_BYTES, end);
        long o = validObjects.previous(card, start);
        if (o < 0) {
            o = validObjects.next(card, cardEnd);
        }
        for (; o >= 0 && o < cardEnd; o = validObjects.next(o + 8, cardEnd)) {
            long first = ObjectModel.slotAddress(o, 0);
            long last = first + 8L * ObjectModel.refSlots(memory, o);
            for (long slot = Math.max(first, card), to = Math.min(last, cardEnd); slot < to; slot += 8) {
                visitor.visit(slot);
            }
        }
    }
}
