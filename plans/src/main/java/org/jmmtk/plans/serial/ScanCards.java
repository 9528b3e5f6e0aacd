package org.jmmtk.plans.serial;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.sanity.SanityFailure;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.EdgeBuffer;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of a young collection (HotSpot's {@code younger_refs_iterate}): the slots in the dirty
 * cards of the old generation, the large objects and the immortal objects that point into the young
 * generation become edges of the closure. Only those: HotSpot's scan closure filters out the others,
 * so the edges traced do not depend on where objects lie. With sanity checks on, first verifies the
 * card table's invariant: every old-to-young slot lies in a dirty card.
 */
final class ScanCards extends WorkPacket<Collector> {
    private final Serial plan;
    private final Closure closure;
    private final boolean check;

    ScanCards(Serial plan, Closure closure, boolean check) {
        this.plan = plan;
        this.closure = closure;
        this.check = check;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        SimulatedMemory memory = plan.memory();
        SideBitmap valid = plan.heap().validObjects();
        CardTable cards = plan.cards();
        if (check) {
            verify(memory, valid, cards);
        }
        EdgeBuffer edges = new EdgeBuffer(closure, worker, false);
        for (Space s : plan.cardedSpaces()) {
            DirtyCards.forEachSlot(memory, valid, cards, s.start(), s.extentEnd(), slot -> {
                long target = memory.load(slot);
                if (target != 0 && plan.isYoung(target)) {
                    edges.visitEdge(slot);
                }
            });
        }
        edges.flush();
    }

    private void verify(SimulatedMemory memory, SideBitmap valid, CardTable cards) {
        for (Space s : plan.cardedSpaces()) {
            long end = s.extentEnd();
            for (long o = valid.next(s.start(), end); o >= 0; o = valid.next(o + 8, end)) {
                for (int i = 0, n = ObjectModel.refSlots(memory, o); i < n; i++) {
                    long slot = ObjectModel.slotAddress(o, i);
                    long target = memory.load(slot);
                    if (target != 0 && plan.isYoung(target) && !cards.isDirty(slot)) {
                        throw new SanityFailure(String.format(
                                "slot 0x%x of object 0x%x in %s points into the young generation (0x%x) but its card is clean",
                                slot, o, s.name(), target));
                    }
                }
            }
        }
    }
}
