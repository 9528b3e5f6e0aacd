package org.jmmtk.core.sanity;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.List;
import java.util.function.LongPredicate;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;

/**
 * The remembered-set check of the sanity checker: at the start of a nursery (or window) collection,
 * every object outside the collected space (or window) that holds a pointer into it must be
 * remembered, or the collection would miss a root. Walks every allocated object (live or not: a dead old object
 * may still point into the nursery, and the barrier remembered it when that pointer was stored) of
 * the old spaces through the valid-object bits. Throws {@link SanityFailure} on the first pointer
 * nobody remembered.
 *
 * <p>Runs in one GC packet while the mutators are stopped and before any object moves.
 */
public final class RememberedSetCheck {
    private RememberedSetCheck() {
    }

    /** Checks that every pointer from an object of {@code old} into {@code young} has its source in {@code sets}. */
    public static void verify(SimulatedMemory memory, SideBitmap validObjects, List<Space> old, Space young,
                              List<RememberedSet> sets) {
        LongOpenHashSet remembered = new LongOpenHashSet();
        for (RememberedSet set : sets) {
            for (int i = 0; i < set.size(); i++) {
                remembered.add(set.get(i));
            }
        }
        verify(memory, validObjects, old, o -> true, young::contains, young.name(), remembered::contains);
    }

    /**
     * Checks that every object of {@code spaces} that lies {@code outside} the collected region and points
     * into it ({@code collected}, named {@code collectedName}) is {@code remembered}: the general form,
     * for a plan whose collected region is not a whole space (Older-First's window).
     */
    public static void verify(SimulatedMemory memory, SideBitmap validObjects, List<Space> spaces,
                              LongPredicate outside, LongPredicate collected, String collectedName,
                              LongPredicate remembered) {
        for (Space space : spaces) {
            long end = space.end();
            for (long o = validObjects.next(space.start(), end); o >= 0; o = validObjects.next(o + 8, end)) {
                if (!outside.test(o)) {
                    continue;
                }
                int slots = ObjectModel.refSlots(memory, o);
                for (int j = 0; j < slots; j++) {
                    long target = memory.load(ObjectModel.slotAddress(o, j));
                    if (target != 0 && collected.test(target) && !remembered.test(o)) {
                        throw new SanityFailure(String.format(
                                "object %d at 0x%x in %s points (slot %d) to object at 0x%x in %s, "
                                        + "but no remembered set holds it", ObjectModel.id(memory, o), o,
                                space.name(), j, target, collectedName));
                    }
                }
            }
        }
    }
}
