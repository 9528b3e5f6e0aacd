package org.jmmtk.plans.serial;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;

/**
 * HotSpot's card table ({@code CardTable}, 512-byte cards): one dirty bit per card of the spaces
 * outside the young generation, kept as side metadata (a bit at each card's first granule of a
 * lazily allocated bitmap, so only cards of mapped memory cost anything). The write barrier dirties
 * the card of every slot it stores into; a young collection visits the dirty cards for old-to-young
 * pointers and leaves dirty exactly the cards that still hold one; a full collection, which empties
 * the young generation, cleans them all.
 *
 * <p>Threads: mutators dirty cards concurrently (atomically); GC packets read and clean them while
 * mutators are stopped.
 */
public final class CardTable {
    /** HotSpot's {@code card_shift}: 512-byte cards. */
    public static final int LOG_CARD_BYTES = 9;
    public static final long CARD_BYTES = 1L << LOG_CARD_BYTES;

    private final SideBitmap dirty;

    CardTable(SideMetadataRegistry metadata) {
        this.dirty = metadata.bitmap(SideMetadataSpec.perGranule("serial-card-dirty", true, 1), null);
    }

    /** The first byte of the card holding {@code address}. */
    public static long cardOf(long address) {
        return address & -CARD_BYTES;
    }

    /** Dirties the card of {@code slot}; true if this call changed it from clean. */
    boolean dirty(long slot) {
        long card = cardOf(slot);
        return !dirty.get(card) && dirty.attemptSet(card);
    }

    public boolean isDirty(long address) {
        return dirty.get(cardOf(address));
    }

    void clean(long card) {
        dirty.clear(card);
    }

    /** The first dirty card at or after {@code from} and before {@code end}, or -1. */
    long nextDirty(long from, long end) {
        return dirty.next(cardOf(from + CARD_BYTES - 1), end);
    }

    /** Cleans every card of {@code [start, end)}. */
    void cleanRange(long start, long end) {
        dirty.clearRange(cardOf(start), cardOf(end + CARD_BYTES - 1));
    }

    /** The number of dirty cards in {@code [start, end)}. */
    long dirtyCards(long start, long end) {
        return dirty.count(cardOf(start), cardOf(end + CARD_BYTES - 1));
    }
}
