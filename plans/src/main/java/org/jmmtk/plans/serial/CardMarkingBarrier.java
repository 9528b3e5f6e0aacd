package org.jmmtk.plans.serial;

import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.memory.SimulatedMemory;

/**
 * HotSpot's card-marking post-write barrier ({@code CardTableBarrierSet}, precise: the card of the
 * slot written): a store into an object outside the young generation dirties the slot's card,
 * whatever it stores. HotSpot also dirties cards of young objects, which no collection reads; that
 * store is skipped here, which changes nothing the collector sees. {@link #stores} counts cards this
 * barrier turned from clean to dirty, the remembered-set insertions of a card table. One per
 * mutator, used by its thread.
 */
final class CardMarkingBarrier extends Barrier {
    private final Serial plan;
    private final CardTable cards;
    private long dirtied;

    CardMarkingBarrier(SimulatedMemory memory, Serial plan, CardTable cards) {
        super(memory);
        this.plan = plan;
        this.cards = cards;
    }

    @Override
    protected void postWrite(long source, long slot, long target) {
        if (!plan.isYoung(source) && cards.dirty(slot)) {
            dirtied++;
        }
    }

    /** Cards this barrier dirtied. */
    @Override
    public long stores() {
        return dirtied;
    }
}
