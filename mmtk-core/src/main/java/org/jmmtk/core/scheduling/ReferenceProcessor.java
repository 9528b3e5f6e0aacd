package org.jmmtk.core.scheduling;

import java.util.Arrays;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.scheduler.GCWorker;

/**
 * Weak references (MMTk's {@code ReferenceProcessor}, for the binding's weak slots only: soft, final
 * and phantom semantics are the binding's, which marks weak exactly the slots to clear). Owns the
 * weak-slot table and one collection's counts. In a collection that discovers references, every
 * worker's scans set a scanned object's non-null weak slot aside ({@link Collector#discoverReferences});
 * once the closure is complete, {@link #process} asks the plan what became of each referent: a dead
 * one is cleared (the slot set to null), a moved one gets its new address. A plan that decides some
 * references elsewhere (Serial's young collections, as HotSpot discovers them while copying) counts
 * them with {@link #count}. A partial collection's scans of remembered objects (objects outside the
 * collected region, taken as live, whose slots are roots) set their weak slots aside here
 * ({@link #setAside}), so a referent in the region that only a remembered reference reaches is cleared
 * as one that only a young reference reaches. A concurrent mark's discoveries are set aside the same
 * way by the pause that ends it ({@link #keepDiscovered}).
 *
 * <p>Threads: {@link #process}, {@link #keepDiscovered} and {@link #count} run in one packet at a time;
 * {@link #setAside} in the remembered-set scans, possibly several packets at once (it locks);
 * {@link #startCollection} and the counts' readers on the thread that schedules collections and
 * reports them.
 */
public final class ReferenceProcessor {
    /** What became of a referent once the closure is complete. */
    @FunctionalInterface
    public interface Referents {
        /** The address of {@code referent} after the collection, or 0 if it is dead. */
        long afterClosure(long referent);
    }

    private final WeakSlots weakSlots = new WeakSlots();
    private boolean discovering;
    private int[] table;
    private long discovered;
    private long cleared;
    /** Weak slots of remembered objects set aside in this collection: {@code setAsideCount} of them. */
    private long[] setAside = new long[16];
    private int setAsideCount;

    /** The table the binding marks its weak slots in. */
    public WeakSlots weakSlots() {
        return weakSlots;
    }

    /**
     * A collection starts: it discovers references if {@code plansToDiscover} and some type has a weak
     * slot. Returns the table snapshot its workers scan with ({@link Collector#discoverReferences}), or null.
     */
    public int[] startCollection(boolean plansToDiscover) {
        discovered = 0;
        cleared = 0;
        setAsideCount = 0;
        discovering = plansToDiscover && !weakSlots.isEmpty();
        table = discovering ? weakSlots.table() : null;
        return table;
    }

    /** The weak-slot table of the collection in progress if it discovers references, else null. */
    public int[] table() {
        return table;
    }

    /** Whether the collection in progress (or the last one) discovers references. */
    public boolean discovering() {
        return discovering;
    }

    /**
     * The weak slot of {@code object} if the collection in progress discovers references and its type
     * has one that is not null, else 0: a remembered-set scan sets that slot aside ({@link #setAside})
     * instead of taking it as an edge.
     */
    public long weakSlotToSetAside(SimulatedMemory memory, long object) {
        int[] t = table;
        if (t == null) {
            return 0;
        }
        int w = WeakSlots.slotOf(t, ObjectModel.typeId(memory, object));
        if (w < 0 || w >= ObjectModel.refSlots(memory, object)) {
            return 0;
        }
        long slot = ObjectModel.slotAddress(object, w);
        return memory.load(slot) != 0 ? slot : 0;
    }

    /** Adds {@code slot}, the weak slot of a remembered object, to those {@link #process} resolves. */
    public synchronized void setAside(long slot) {
        if (setAsideCount == setAside.length) {
            setAside = Arrays.copyOf(setAside, 2 * setAsideCount);
        }
        setAside[setAsideCount++] = slot;
    }

    /**
     * At the start of the pause that ends a concurrent mark, before its workers empty their lists: sets
     * aside every weak slot the workers discovered while the mark ran concurrently (and in the pause that
     * started it), so that this pause resolves them with its own. On one worker, in the Prepare packet.
     */
    public synchronized void keepDiscovered(GCWorker<Collector> worker) {
        for (int w = 0, n = worker.scheduler().workerCount(); w < n; w++) {
            Collector c = worker.scheduler().worker(w).context();
            for (int i = 0, k = c.discoveredCount(); i < k; i++) {
                setAside(c.discovered(i));
            }
        }
    }

    /**
     * Resolves every weak slot the workers and the remembered-set scans set aside: clears those whose
     * referent is dead, updates those whose referent moved. On one worker, after the closure.
     */
    public synchronized void process(GCWorker<Collector> worker, SimulatedMemory memory, Referents referents) {
        for (int w = 0, n = worker.scheduler().workerCount(); w < n; w++) {
            Collector c = worker.scheduler().worker(w).context();
            for (int i = 0, k = c.discoveredCount(); i < k; i++) {
                resolve(memory, c.discovered(i), referents);
            }
        }
        for (int i = 0; i < setAsideCount; i++) {
            resolve(memory, setAside[i], referents);
        }
    }

    private void resolve(SimulatedMemory memory, long slot, Referents referents) {
        long referent = memory.load(slot);
        if (referent == 0) {
            // the program cleared it after a concurrent mark discovered it: nothing left to decide
            count(false);
            return;
        }
        long after = referents.afterClosure(referent);
        if (after != referent) {
            memory.store(slot, after);
        }
        count(after == 0);
    }

    /** Counts one reference discovered, and whether its referent was cleared. */
    public void count(boolean clearedIt) {
        discovered++;
        if (clearedIt) {
            cleared++;
        }
    }

    /** References discovered in the collection in progress (or the last one). */
    public long discovered() {
        return discovered;
    }

    /** Of those, the ones whose referent was cleared. */
    public long cleared() {
        return cleared;
    }
}
