package org.jmmtk.core.sanity;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.List;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.policy.Space;

/**
 * The reference-count check of the sanity checker, at the end of every collection of a
 * reference-counting plan: walks every object not yet freed (every valid-object bit of every space,
 * reachable or not: cyclic garbage keeps its counts until the cycle collector frees it), counts the
 * references to each from the reference slots of all of them, and verifies that
 * <ul>
 * <li>every reference slot holds null or an object not yet freed (no object was freed while referenced;
 *     a weak slot was cleared when its referent was freed);</li>
 * <li>every object's count equals the number of those references, weak slots aside (roots are not
 *     counted, nor, in a plan that says so, weak slots);</li>
 * <li>an object has its ZCT bit exactly when it is in the zero-count table's buffers, and every
 *     object whose count is zero is in the table (or the next collection would never free it).</li>
 * </ul>
 * Throws {@link SanityFailure} on the first violation. Runs in one GC packet while the mutators are stopped.
 */
public final class RefCountCheck {
    private RefCountCheck() {
    }

    /** Checks {@code counts} against the heap of {@code spaces}; {@code zct} holds every ZCT buffer's entries. */
    public static void verify(SimulatedMemory memory, SideBitmap validObjects, List<Space> spaces,
                              ReferenceCounts counts, LongArrayList zct) {
        verify(memory, validObjects, spaces, counts, zct, new LongArrayList());
    }

    /**
     * As {@link #verify(SimulatedMemory, SideBitmap, List, ReferenceCounts, LongArrayList)}, for a plan
     * whose counts also include some roots (LXR counts the roots of the last pause until the next):
     * each entry of {@code countedRoots} is one more reference to the object it names.
     */
    public static void verify(SimulatedMemory memory, SideBitmap validObjects, List<Space> spaces,
                              ReferenceCounts counts, LongArrayList zct, LongArrayList countedRoots) {
        verify(memory, validObjects, spaces, counts, zct, countedRoots, new WeakSlots().table());
    }

    /**
     * As {@link #verify(SimulatedMemory, SideBitmap, List, ReferenceCounts, LongArrayList, LongArrayList)},
     * for a plan whose weak slots ({@link WeakSlots#table} {@code weakSlots}) do not count: such a slot
     * must hold null or an object not yet freed (the collection cleared it when it freed the referent),
     * and is no reference to it.
     */
    public static void verify(SimulatedMemory memory, SideBitmap validObjects, List<Space> spaces,
                              ReferenceCounts counts, LongArrayList zct, LongArrayList countedRoots, int[] weakSlots) {
        LongArrayList objects = new LongArrayList();
        Long2IntOpenHashMap references = new Long2IntOpenHashMap();
        for (int i = 0; i < countedRoots.size(); i++) {
            long root = countedRoots.getLong(i);
            if (!validObjects.get(root)) {
                throw new SanityFailure(String.format("a root refers to 0x%x, which was freed", root));
            }
            references.addTo(root, 1);
        }
        for (Space space : spaces) {
            long end = space.end();
            for (long o = validObjects.next(space.start(), end); o >= 0; o = validObjects.next(o + 8, end)) {
                objects.add(o);
                int slots = ObjectModel.refSlots(memory, o);
                int weak = WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, o));
                for (int j = 0; j < slots; j++) {
                    long target = memory.load(ObjectModel.slotAddress(o, j));
                    if (target == 0) {
                        continue;
                    }
                    if (!validObjects.get(target)) {
                        throw new SanityFailure(String.format(
                                "slot %d of object %d at 0x%x refers to 0x%x, which was freed", j,
                                ObjectModel.id(memory, o), o, target));
                    }
                    if (j != weak) {
                        references.addTo(target, 1);
                    }
                }
            }
        }
        LongOpenHashSet table = new LongOpenHashSet();
        for (int i = 0; i < zct.size(); i++) {
            long entry = zct.getLong(i);
            if (validObjects.get(entry) && !table.add(entry)) {
                throw new SanityFailure(String.format("object at 0x%x is in the zero-count table twice", entry));
            }
        }
        for (int i = 0; i < objects.size(); i++) {
            long o = objects.getLong(i);
            int count = counts.count(o);
            int expected = references.get(o);
            if (count != expected) {
                throw new SanityFailure(String.format(
                        "object %d at 0x%x has reference count %d but %d %sreferences", ObjectModel.id(memory, o),
                        o, count, expected, countedRoots.isEmpty() ? "heap " : "heap and counted root "));
            }
            boolean inTable = table.contains(o);
            if (counts.inZct(o) != inTable) {
                throw new SanityFailure(String.format(
                        "object %d at 0x%x has its ZCT bit %s but is %s the zero-count table",
                        ObjectModel.id(memory, o), o, inTable ? "clear" : "set", inTable ? "in" : "not in"));
            }
            if (count == 0 && !inTable) {
                throw new SanityFailure(String.format(
                        "object %d at 0x%x has reference count 0 but is not in the zero-count table",
                        ObjectModel.id(memory, o), o));
            }
        }
    }
}
