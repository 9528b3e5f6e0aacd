package org.jmmtk.core.policy;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A space whose collection moves objects only after the closure has marked everything (Lisp-2 sliding
 * compaction, Immix's address-ordered evacuation), so references to moved objects are redirected in a
 * separate pass (MMTk's RefForwarding stage) over the roots and the fields of every live object.
 *
 * <p>Threads: GC workers call {@link #updateSlot} in parallel on disjoint slots once every new address
 * is known and before the space reuses the old places.
 */
public interface ForwardingSpace {
    /** Redirects the reference in {@code slot} (a root or a field) if it points to an object of this space that moved. */
    void updateSlot(long slot);

    /** Redirects the reference in {@code slot} if it points to an object of {@code space} that was forwarded. */
    static void forwardSlot(SimulatedMemory memory, Space space, long slot) {
        long target = memory.load(slot);
        if (target != 0 && space.contains(target) && ObjectModel.isForwarded(memory, target)) {
            memory.store(slot, ObjectModel.forwardee(memory, target));
        }
    }

    /** Redirects every reference slot of {@code object} (in any space) that points to a moved object of {@code space}. */
    static void updateSlots(SimulatedMemory memory, ForwardingSpace space, long object) {
        int slots = ObjectModel.refSlots(memory, object);
        long slot = ObjectModel.slotAddress(object, 0);
        for (int j = 0; j < slots; j++, slot += 8) {
            space.updateSlot(slot);
        }
    }
}
