package org.jmmtk.core.sanity;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.vm.Scanning;

/**
 * An independent check of the heap after a collection: its own reachability walk from the binding's
 * roots (single-threaded, depth-first, with its own visited set, sharing no code with the collectors'
 * closure) that verifies every reachable object is a well-formed object in an allocated part of some
 * space, is not forwarded, has its valid-object bit set, has a positive id no other reachable object
 * has, and that every reference slot points to such an object. Throws {@link SanityFailure} on the first problem.
 * The walk does not follow weak slots (a Reference's referent, {@link WeakSlots}) while anything
 * else is left: it first finds what is strongly reachable, then what only the weak slots that were not
 * cleared still reach, so each weak slot is checked to be null or to point at such a well-formed object
 * (one the collector kept, not a stale or reclaimed one), and everything reachable is counted as before.
 *
 * <p>Runs on the thread that requested the collection, while the mutators are still stopped.
 */
public final class SanityChecker {
    private final SimulatedMemory memory;
    private final SpaceTable spaces;
    private final SideBitmap validObjects;
    private final LongOpenHashSet visited = new LongOpenHashSet();
    private final LongOpenHashSet ids = new LongOpenHashSet();
    private final LongArrayList stack = new LongArrayList();
    private final int[] weakSlots;
    /** Non-null weak slots met and not yet followed. */
    private final LongArrayList weak = new LongArrayList();
    private long bytes;

    private SanityChecker(SimulatedMemory memory, SpaceTable spaces, SideBitmap validObjects, int[] weakSlots) {
        this.memory = memory;
        this.spaces = spaces;
        this.validObjects = validObjects;
        this.weakSlots = weakSlots;
    }

    /** Walks the heap from the roots of {@code mutators} mutators and the global roots; returns what is reachable. */
    public static SanityReport check(SimulatedMemory memory, SpaceTable spaces, SideBitmap validObjects,
                                     Scanning roots, int mutators) {
        return check(memory, spaces, validObjects, roots, mutators, new WeakSlots().table());
    }

    /**
     * {@link #check(SimulatedMemory, SpaceTable, SideBitmap, Scanning, int)} with the weak slots of
     * {@code weakSlots} ({@link WeakSlots#table}) followed only after everything strongly reachable.
     */
    public static SanityReport check(SimulatedMemory memory, SpaceTable spaces, SideBitmap validObjects,
                                     Scanning roots, int mutators, int[] weakSlots) {
        SanityChecker checker = new SanityChecker(memory, spaces, validObjects, weakSlots);
        for (int m = 0; m < mutators; m++) {
            roots.scanMutatorRoots(m, slot -> checker.reach(memory.load(slot), "root slot", slot));
        }
        roots.scanGlobalRoots(slot -> checker.reach(memory.load(slot), "global root slot", slot));
        checker.drain();
        while (!checker.weak.isEmpty()) {
            long slot = checker.weak.removeLong(checker.weak.size() - 1);
            checker.reach(memory.load(slot), "weak slot at", slot);
            checker.drain();
        }
        return new SanityReport(checker.visited.size(), checker.bytes, checker.ids);
    }

    private void reach(long object, String from, long slot) {
        if (object == 0 || visited.contains(object)) {
            return;
        }
        String problem = problemWith(object);
        if (problem != null) {
            throw new SanityFailure(String.format("object 0x%x reached from %s 0x%x %s", object, from, slot, problem));
        }
        visited.add(object);
        stack.add(object);
    }

    private void drain() {
        while (!stack.isEmpty()) {
            long object = stack.removeLong(stack.size() - 1);
            long id = ObjectModel.id(memory, object);
            if (!ids.add(id)) {
                throw new SanityFailure("two reachable objects have id " + id);
            }
            bytes += ObjectModel.traceBytes(memory, object);
            int slots = ObjectModel.refSlots(memory, object);
            int weakSlot = WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, object));
            for (int i = 0; i < slots; i++) {
                long slot = ObjectModel.slotAddress(object, i);
                if (i == weakSlot) {
                    if (memory.load(slot) != 0) {
                        weak.add(slot);
                    }
                    continue;
                }
                reach(memory.load(slot), "slot " + i + " of object " + id + " at", slot);
            }
        }
    }

    private String problemWith(long object) {
        if ((object & 7) != 0) {
            return "is not word-aligned";
        }
        Space space = spaces.spaceOf(object);
        if (space == null) {
            return "is outside every space";
        }
        if (!memory.isMapped(object)) {
            return "is not mapped";
        }
        String bad = space.checkObject(object);
        if (bad != null) {
            return bad;
        }
        long status = memory.load(object + ObjectModel.STATUS_OFFSET);
        if ((status & ObjectModel.FORWARDING_MASK) != 0) {
            return "is (being) forwarded: a stale reference to a moved object";
        }
        if (ObjectModel.id(memory, object) <= 0) {
            return "has no valid id";
        }
        if (!validObjects.get(object)) {
            return "has no valid-object bit: its memory was reclaimed";
        }
        long size = ObjectModel.size(memory, object);
        if (!space.contains(object + size - 1)) {
            return "extends past the end of " + space.name();
        }
        return null;
    }
}
