package org.jmmtk.core.objectmodel;

import java.util.Arrays;

/**
 * Which reference slot of each type is weak: a {@code java.lang.ref.Reference}'s referent, as the
 * binding's trace declares it (one slot per type, as Java has). A collection that discovers references
 * takes a snapshot of the table ({@link #table}) and looks up the type id the header holds when it
 * scans an object. Marked by the binding's reading thread, possibly while a collection runs; read by GC
 * workers: the table is copied on write and published through a volatile field, so a snapshot never
 * changes under the collection that took it.
 */
public final class WeakSlots {
    private static final int[] NONE = new int[0];

    /** Per type id, the weak slot plus one; 0 for a type with none. */
    private volatile int[] slotPlusOne = NONE;

    /** Slot {@code slot} of every object of type {@code typeId} is weak. */
    public synchronized void mark(int typeId, int slot) {
        if (typeId <= 0 || typeId > ObjectModel.MAX_TYPE_ID || slot < 0 || slot >= ObjectModel.MAX_REF_SLOTS) {
            throw new IllegalArgumentException("weak slot " + slot + " of type " + typeId + " is out of range");
        }
        int[] t = slotPlusOne;
        int[] copy = Arrays.copyOf(t, Math.max(t.length, typeId + 1));
        copy[typeId] = slot + 1;
        slotPlusOne = copy;
    }

    /** Whether no type has a weak slot (then every slot is strong and nothing is discovered). */
    public boolean isEmpty() {
        return slotPlusOne.length == 0;
    }

    /** The table as it is now, for {@link #slotOf}; never modified afterwards. */
    public int[] table() {
        return slotPlusOne;
    }

    /** The weak slot of type {@code typeId} in a {@link #table}, or -1. */
    public static int slotOf(int[] table, int typeId) {
        return typeId < table.length ? table[typeId] - 1 : -1;
    }
}
