package org.jmmtk.plans.serial;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage of a young collection, one packet, the old generation's side: redirects the
 * slots of the dirty cards, of the objects just promoted and of the objects a promotion failure left
 * in place; then leaves dirty exactly the cards that still hold a pointer into the young generation
 * (HotSpot cleans a card as it scans it and the scan closure dirties it again for such a slot, and
 * dirties the cards of promoted objects that keep young referents).
 */
final class ForwardOld extends WorkPacket<Collector> {
    private final Serial plan;
    private final long[] promoted;
    private final long[] kept;

    ForwardOld(Serial plan, long[] promoted, long[] kept) {
        this.plan = plan;
        this.promoted = promoted;
        this.kept = kept;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        SimulatedMemory memory = plan.memory();
        SideBitmap valid = plan.heap().validObjects();
        CardTable cards = plan.cards();
        ForwardingSpace forward = plan.forwardYoung();
        for (long o : kept) {
            ForwardingSpace.updateSlots(memory, forward, o);
        }
        for (Space s : plan.cardedSpaces()) {
            long start = s.start();
            long end = s.extentEnd();
            for (long card = cards.nextDirty(start, end); card >= 0; card = cards.nextDirty(card + CardTable.CARD_BYTES, end)) {
                boolean[] young = {false};
                DirtyCards.forEachSlotInCard(memory, valid, card, start, end, slot -> {
                    forward.updateSlot(slot);
                    long target = memory.load(slot);
                    if (target != 0 && plan.isYoung(target)) {
                        young[0] = true;
                    }
                });
                if (!young[0]) {
                    cards.clean(card);
                }
            }
        }
        for (long o : promoted) {
            for (int i = 0, n = ObjectModel.refSlots(memory, o); i < n; i++) {
                long slot = ObjectModel.slotAddress(o, i);
                forward.updateSlot(slot);
                long target = memory.load(slot);
                if (target != 0 && plan.isYoung(target)) {
                    cards.dirty(slot);
                }
            }
        }
    }
}
