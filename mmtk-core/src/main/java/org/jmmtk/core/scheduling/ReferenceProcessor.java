package org.jmmtk.core.scheduling;

import org.jmmtk.core.memory.SimulatedMemory;
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
 * them with {@link #count}.
 *
 * <p>Threads: {@link #process} and {@link #count} run in one packet at a time; {@link #startCollection}
 * and the counts' readers on the thread that schedules collections and reports them.
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
     * Resolves every weak slot the workers set aside: clears those whose referent is dead, updates those
     * whose referent moved. On one worker, after the closure.
     */
    public void process(GCWorker<Collector> worker, SimulatedMemory memory, Referents referents) {
        for (int w = 0, n = worker.scheduler().workerCount(); w < n; w++) {
            Collector c = worker.scheduler().worker(w).context();
            for (int i = 0, k = c.discoveredCount(); i < k; i++) {
                long slot = c.discovered(i);
                long referent = memory.load(slot);
                long after = referents.afterClosure(referent);
                if (after != referent) {
                    memory.store(slot, after);
                }
                count(after == 0);
            }
        }
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
