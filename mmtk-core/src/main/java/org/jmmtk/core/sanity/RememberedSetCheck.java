package org.jmmtk.core.sanity;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.List;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;

/**
 * The remembered-set check of the sanity checker: at the start of a nursery collection, every object
 * outside the collected space that holds a pointer into it must be in some mutator's remembered set,
 * or the collection would miss a root. Walks every allocated object (live or not: a dead old object
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
        for (Space space : old) {
            long end = space.end();
            for (long o = validObjects.next(space.start(), end); o >= 0; o = validObjects.next(o + 8, end)) {
                int slots = ObjectModel.refSlots(memory, o);
                for (int j = 0; j < slots; j++) {
                    long target = memory.load(ObjectModel.slotAddress(o, j));
                    if (target != 0 && young.contains(target) && !remembered.contains(o)) {
                        throw new SanityFailure(String.format(
                                "object %d at 0x%x in %s points (slot %d) to object at 0x%x in %s, "
                                        + "but no remembered set holds it", ObjectModel.id(memory, o), o,
                                space.name(), j, target, young.name()));
                    }
                }
            }
        }
    }
}
