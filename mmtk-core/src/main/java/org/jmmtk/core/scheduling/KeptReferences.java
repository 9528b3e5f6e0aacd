package org.jmmtk.core.scheduling;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;

/**
 * The reference objects a reference-counting plan resolves itself (LXR's rule: weak slots do not count).
 * A collection that only counts scans no reference object it did not reach anew, so no scan discovers
 * them: the plan keeps, from one collection to the next, every reference object whose weak slot held a
 * referent, and adds those given a referent since (refcount's barrier notes them; lxr's pauses
 * {@link #note} them among the objects its barriers logged and the young survivors). Once the
 * collection has freed what it frees, {@link #resolve} clears the weak slot of each one whose referent
 * died; after a tracing collection, {@link #retain} keeps those the trace found alive.
 *
 * <p>Threads: a collection's single packets, one at a time (each plan calls it from packets of different
 * stages: its Prepare, WeakRefClosure, Release, and lxr's ScanModified, EvacuateYoung and
 * ForwardKeptReferences); between collections nobody touches it.
 */
public final class KeptReferences {
    private final SimulatedMemory memory;
    private final ReferenceProcessor references;
    private final LongArrayList kept = new LongArrayList();
    private final LongArrayList noted = new LongArrayList();

    /** Resolved with {@code references}' weak-slot table, its counts counting what {@link #resolve} decides. */
    public KeptReferences(SimulatedMemory memory, ReferenceProcessor references) {
        this.memory = memory;
        this.references = references;
    }

    /**
     * In a collection that discovers references: notes {@code object} for this collection's
     * {@link #resolve} if its weak slot holds a referent, and returns that slot (else 0), which a scan
     * then skips ({@link ReferenceProcessor#weakSlotToSetAside}).
     */
    public long note(long object) {
        long slot = references.weakSlotToSetAside(memory, object);
        if (slot != 0) {
            noted.add(object);
        }
        return slot;
    }

    /** Notes every reference object of {@code references} (given a referent since the last collection). */
    public void noteAll(LongArrayList references) {
        noted.addAll(references);
    }

    /**
     * Takes the kept and the noted reference objects, each once in address order: a reference that
     * {@code alive} rejects is dropped (freed itself), one whose weak slot is null too; one whose referent
     * {@code alive} rejects has its slot cleared, and is dropped; the rest are kept. Each reference with a
     * referent is counted discovered, and cleared if it was.
     */
    public void resolve(LongPredicate alive) {
        take(alive, true);
    }

    /**
     * After a tracing collection resolved what it discovered: keeps, of the kept and the noted
     * references, those {@code alive} accepts whose weak slot is not null; counts and clears nothing.
     */
    public void retain(LongPredicate alive) {
        take(alive, false);
    }

    /** Replaces every kept reference by its address after a collection that moved objects. */
    public void forward(LongUnaryOperator newAddress) {
        for (int i = 0, n = kept.size(); i < n; i++) {
            kept.set(i, newAddress.applyAsLong(kept.getLong(i)));
        }
    }

    private void take(LongPredicate alive, boolean clearDead) {
        int k = kept.size();
        int n = noted.size();
        if (k + n == 0) {
            return;
        }
        long[] sorted = new long[k + n];
        kept.getElements(0, sorted, 0, k);
        noted.getElements(0, sorted, k, n);
        kept.clear();
        noted.clear();
        Arrays.sort(sorted);
        int[] table = references.weakSlots().table();
        long last = 0;
        for (long ref : sorted) {
            if (ref == last || !alive.test(ref)) {
                continue;
            }
            last = ref;
            int w = WeakSlots.slotOf(table, ObjectModel.typeId(memory, ref));
            if (w < 0 || w >= ObjectModel.refSlots(memory, ref)) {
                continue;
            }
            long slot = ObjectModel.slotAddress(ref, w);
            long referent = memory.load(slot);
            if (referent == 0) {
                continue;
            }
            if (clearDead) {
                boolean dead = !alive.test(referent);
                references.count(dead);
                if (dead) {
                    memory.store(slot, 0);
                    continue;
                }
            }
            kept.add(ref);
        }
    }
}
