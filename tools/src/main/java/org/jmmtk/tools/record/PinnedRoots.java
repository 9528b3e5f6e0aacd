package org.jmmtk.tools.record;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;

/**
 * The pins of a recording's second pass ({@link RecordedTrace}): which objects the visible graph loses
 * before their last mention, the point each one's pin starts at, and the global root slot that holds it
 * from there to its last mention (from {@link TraceFormat#FIRST_PIN_SLOT}, a released pin's slot first);
 * and the objects the visible graph loses after their last mention, which only deferred frame slots may
 * still hold ({@link DeferredRootStores#mayBeUnreachable}). Chosen once per replay from the first pass's
 * {@link VisibleDeaths} ({@link #choose}), then read in event order. A pinned object's slot plus one is
 * kept in its {@link #PIN_SLOT} field of the object table it shares with {@link DeferredRootStores}.
 *
 * <p>Threads: the second pass's thread only.
 */
final class PinnedRoots {
    private static final int PIN_SLOT = DeferredRootStores.SPARE;
    private final String logDir;
    /** Objects pinned from their point in {@link #pinIds} (in the order of {@link #pinAt}) to their last mention. */
    private boolean[] willPin = new boolean[1024];
    private int[] pinIds;
    private long[] pinAt;
    private int pinCount;
    private int nextPin;
    /** Objects the visible graph loses after their last mention (not pinned), in the order of the event indices in {@link #goneAt}. */
    private int[] goneIds;
    private long[] goneAt;
    private int goneCount;
    private int nextGone;
    /** By id, {@link DeferredRootStores#FIELDS} ints from {@code id << 2}; in {@link #PIN_SLOT}, a pinned object's slot plus one. */
    private int[] objectTable = new int[0];
    /** Slots of pins that ended since the last point: they still hold their objects in the trace. */
    private final IntArrayList released = new IntArrayList();
    private final IntArrayList freePinSlots = new IntArrayList();
    private int nextPinSlot = TraceFormat.FIRST_PIN_SLOT;

    /** Pins of the recording in {@code logDir} (named in errors). */
    PinnedRoots(String logDir) {
        this.logDir = logDir;
    }

    /**
     * Keeps the deaths after which their object is mentioned again: the pins, in the order of their
     * points. The others die in the trace where they die in the visible graph. {@code lastMention} (the
     * first pass's, ids 1 to {@code maxId}) becomes, in place, the event index from whose point on the
     * trace may no longer reach each object ({@link DeferredRootStores}'s {@code reachableUntil}; the
     * per-object tables the second pass makes afresh are what its work needs, not the first pass's spare
     * capacity: each new page of them is a page fault and the kernel's zeroing). {@code objectTable} is
     * the table the pins share with the frame slots.
     */
    void choose(VisibleDeaths deaths, long[] lastMention, int maxId, int[] objectTable) {
        released.clear();
        freePinSlots.clear();
        nextPinSlot = TraceFormat.FIRST_PIN_SLOT;
        this.objectTable = objectTable;
        var ids = deaths.deadIds();
        var at = deaths.deadAt();
        int n = 0;
        int objects = maxId + 1;
        willPin = new boolean[objects];
        goneIds = new int[ids.size()];
        goneAt = new long[ids.size()];
        goneCount = 0;
        for (int i = 0; i < ids.size(); i++) {
            int id = ids.getInt(i);
            long point = at.getLong(i);
            long last = FirstPass.eventOf(lastMention[id]);
            lastMention[id] = ~Math.max(last, point); // negative: lost at that point (each object dies once)
            if (last > point) {
                ids.set(n, id);
                at.set(n, point);
                n++;
                willPin[id] = true;
            } else {
                goneIds[goneCount] = id;
                goneAt[goneCount++] = point;
            }
        }
        for (int id = 0; id < objects; id++) {
            long until = lastMention[id];
            lastMention[id] = until < 0 ? ~until : Long.MAX_VALUE; // never lost: reachable to the end
        }
        pinIds = Arrays.copyOf(ids.elements(), n);
        pinAt = Arrays.copyOf(at.elements(), n);
        pinCount = n;
        nextPin = 0;
        nextGone = 0;
    }

    /** Whether object {@code id} is pinned at some point. */
    boolean willPin(int id) {
        return willPin[id];
    }

    /**
     * Pins the objects whose pins start at the point of the event at {@code index}, before its
     * allocation, first in the slots of pins that ended since the last point (the store that pins the
     * new object releases the old one: one record instead of two), then clears the slots left over.
     * A pin that ended holds its object only until here, where no collection has yet run, so
     * lifetimes are as if it had been cleared at its last mention.
     */
    void pinHere(long index, TraceEvents out) {
        while (nextPin < pinCount && pinAt[nextPin] == index) {
            int id = pinIds[nextPin++];
            int slot = released.isEmpty() ? takePinSlot() : released.popInt();
            objectTable[id << 2 | PIN_SLOT] = slot + 1;
            out.global(slot, id);
        }
        clearReleased(out);
    }

    /** Clears the slots of the pins that ended since the last point; they take the next pins first. */
    void clearReleased(TraceEvents out) {
        for (int i = 0; i < released.size(); i++) {
            out.global(released.getInt(i), 0);
            freePinSlots.add(released.getInt(i));
        }
        released.clear();
    }

    /** After the last mention of {@code id}: its pin, if it holds one, ends. */
    void release(long id) {
        int slot = objectTable[(int) id << 2 | PIN_SLOT];
        if (slot != 0) {
            objectTable[(int) id << 2 | PIN_SLOT] = 0;
            released.add(slot - 1);
        }
    }

    /**
     * Tells {@code frameRoots} of the objects the visible graph loses at the point of the event at
     * {@code index} after their last mention: a deferred frame slot may be all that holds them.
     */
    void lostHere(long index, DeferredRootStores frameRoots) {
        while (nextGone < goneCount && goneAt[nextGone] == index) {
            frameRoots.mayBeUnreachable(goneIds[nextGone++]);
        }
    }

    /** Each pinned object and the event index of the point its pin starts at. */
    SortedMap<Integer, Long> starts() {
        SortedMap<Integer, Long> starts = new TreeMap<>();
        for (int i = 0; i < pinCount; i++) {
            starts.put(pinIds[i], pinAt[i]);
        }
        return starts;
    }

    /** A global slot for a pin: one a pin released, or the next from {@link TraceFormat#FIRST_PIN_SLOT}. */
    private int takePinSlot() {
        if (!freePinSlots.isEmpty()) {
            return freePinSlots.popInt();
        }
        if (nextPinSlot > TraceFormat.MAX_ROOT_SLOT) {
            throw new TraceException(logDir, "more than 786,432 objects pinned at once (each until its last use)");
        }
        return nextPinSlot++;
    }
}
