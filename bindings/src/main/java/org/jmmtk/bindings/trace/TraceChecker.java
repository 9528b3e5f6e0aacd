package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The one owner of a trace's consistency checks that do not depend on where collections happen: field
 * ranges, at most {@link TraceFormat#MAX_THREADS} distinct threads, no duplicate object id, no store
 * into or of an object never allocated, no death record for an object never allocated nor a second
 * one for the same object, no root slot still held at a thread's end ({@link #rootHeldAtEnd}, with the
 * roots the caller holds), and no slot out of range (with the slot count the caller holds, through
 * {@link #checkSlot}, or one this checker keeps when its consumer holds none). Every consumer of records calls it first, in the same order and with the same
 * messages: the replay ({@code run}, sequential and parallel, and {@code lifetimes}), the shadow heaps
 * ({@code trace stats}, brute-force lifetimes, {@code trace import}). What it cannot check is a
 * reference to an object that was already unreachable: whether that is an error depends on where the
 * consumer collects. It keeps a bit per allocated id and per dead id (an {@link IdSet}) and the set of
 * threads; no allocation per record. Used by one thread (the one that reads the records).
 */
public final class TraceChecker {
    private final IdSet allocated = new IdSet();
    private final IdSet dead = new IdSet();
    private final IntOpenHashSet threads = new IntOpenHashSet();
    private final IntOpenHashSet weakTypes = new IntOpenHashSet();
    /** Non-null when this checker checks slots itself. */
    private final SlotCounts slotCounts;
    // most traces run long stretches on one thread: skip the set then
    private int lastThread = -1;

    /** A checker whose consumer checks each store's slot itself ({@link #checkSlot}): it holds the objects. */
    public TraceChecker() {
        this(false);
    }

    /**
     * {@code checkSlots}: this checker also keeps every object's slot count (a byte per object) and checks
     * each store's slot in {@link #write}, for a consumer that cannot ask its objects on the reading thread.
     */
    public TraceChecker(boolean checkSlots) {
        this.slotCounts = checkSlots ? new SlotCounts() : null;
    }

    /** {@code A}: checks the fields, the thread and that {@code object} is new, then records it. */
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        range("object id", object, 1, ObjectModel.MAX_OBJECT_ID);
        range("size", bytes, 1, ObjectModel.MAX_TRACE_BYTES);
        range("reference slot count", refSlots, 0, ObjectModel.MAX_REF_SLOTS);
        range("type id", typeId, 0, ObjectModel.MAX_TYPE_ID);
        thread(thread);
        if (!allocated.add(object)) {
            throw new TraceException("duplicate object id " + object);
        }
        if (slotCounts != null) {
            slotCounts.put(object, refSlots);
        }
    }

    /** {@code K}: checks the fields and that the type has no weak slot yet (one per type: a reference's referent). */
    public void weakSlot(int typeId, int slot) {
        range("type id", typeId, 1, ObjectModel.MAX_TYPE_ID);
        range("weak slot", slot, 0, ObjectModel.MAX_REF_SLOTS - 1);
        if (!weakTypes.add(typeId)) {
            throw new TraceException("a second weak slot for type " + typeId);
        }
    }

    /**
     * {@code W}: checks the fields, the thread, and that {@code source} and {@code target} were
     * allocated; then the slot, if this checker keeps slot counts; otherwise the caller checks it next
     * against the source's slot count ({@link #checkSlot}).
     */
    public void write(int thread, long source, int slot, long target) {
        range("slot", slot, 0, ObjectModel.MAX_REF_SLOTS);
        thread(thread);
        if (!allocated.contains(source)) {
            throw new TraceException("store into object " + source + ", which was never allocated");
        }
        checkTarget(target, "reference to object ");
        if (slotCounts != null) {
            checkSlot(source, slot, slotCounts.get(source));
        }
    }

    /** {@code R}: checks the fields, the thread, and that {@code target} was allocated. */
    public void root(int thread, int rootSlot, long target) {
        range("root slot", rootSlot, 0, TraceFormat.MAX_ROOT_SLOT);
        thread(thread);
        checkTarget(target, "root reference to object ");
    }

    /** {@code G}: checks the slot and that {@code target} was allocated. */
    public void global(int rootSlot, long target) {
        range("global root slot", rootSlot, 0, TraceFormat.MAX_ROOT_SLOT);
        checkTarget(target, "global reference to object ");
    }

    /**
     * {@code X}: checks the thread as an {@code A}, {@code W} or {@code R} does (range, the number of
     * distinct threads). That the thread's root slots are all clear is checked by the consumer that holds
     * them ({@link #rootHeldAtEnd}), as the slot of a store is ({@link #checkSlot}).
     */
    public void threadEnd(int thread) {
        thread(thread);
    }

    /** The error for an {@code X} of {@code thread} whose root slot {@code rootSlot} still holds {@code target}. */
    public static TraceException rootHeldAtEnd(int thread, int rootSlot, long target) {
        return new TraceException("thread " + thread + " ended holding object " + target + " in root slot "
                + rootSlot + " (a thread's root slots must be clear at its end)");
    }

    /** {@code D}: checks that {@code object} was allocated and had no death record yet, then records its death. */
    public void death(long object) {
        if (!allocated.contains(object)) {
            throw new TraceException("death of object " + object + ", which was never allocated");
        }
        if (!dead.add(object)) {
            throw new TraceException("a second death record for object " + object);
        }
    }

    /**
     * Whether {@code thread} already passed the thread check, so that checking it again cannot fail (a
     * replay's fast path, which runs the full check only for a thread not seen yet).
     */
    public boolean knownThread(int thread) {
        if (thread == lastThread) {
            return true;
        }
        if (thread >= 0 && threads.contains(thread)) {
            lastThread = thread;
            return true;
        }
        return false;
    }

    /** Whether {@code id} was allocated (for a consumer that tells "never allocated" from "dropped"). */
    public boolean wasAllocated(long id) {
        return allocated.contains(id);
    }

    /** Distinct threads so far. */
    public int threads() {
        return threads.size();
    }

    /** The slot check of a {@code W} record: {@code slot} must be below {@code slots}, the source's slot count. */
    public static void checkSlot(long source, int slot, int slots) {
        if (slot >= slots) {
            throw new TraceException("slot " + slot + " is out of range: object " + source + " has " + slots
                    + " reference slots");
        }
    }

    private void checkTarget(long target, String what) {
        if (target != 0) {
            range("target object id", target, 0, ObjectModel.MAX_OBJECT_ID);
            if (!allocated.contains(target)) {
                throw new TraceException(what + target + ", which was never allocated");
            }
        }
    }

    private void thread(int thread) {
        if (thread == lastThread) {
            return;
        }
        range("thread", thread, 0, Integer.MAX_VALUE);
        if (threads.add(thread) && threads.size() > TraceFormat.MAX_THREADS) {
            threads.remove(thread);
            throw new TraceException("too many threads: a replay supports at most " + TraceFormat.MAX_THREADS);
        }
        lastThread = thread;
    }

    /** The readers' range check, for records that come from elsewhere (workloads, foreign formats). */
    private static void range(String what, long value, long min, long max) {
        if (value < min || value > max) {
            throw new TraceException(what + " " + value + " is out of range " + min + ".." + max);
        }
    }
}
