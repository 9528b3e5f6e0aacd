package org.jmmtk.core.scheduling;

import java.util.List;
import java.util.function.LongConsumer;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Prepare stage of a generational plan's collection (mmtk-core's {@code ProcessModBuf}): the objects
 * the object-remembering barriers logged since the last collection get their log bit back, and in a
 * nursery collection their non-null reference slots become edges of the closure, the roots that the
 * old-to-young pointers add; in a collection that discovers references, a remembered object's weak slot
 * is set aside for the {@link ReferenceProcessor} instead (mmtk-core scans the modified objects as any
 * other, so the binding discovers their references). The sets are read, not cleared: the plan clears
 * them when it releases. One packet for all mutators, so an optional {@link Check} sees every
 * remembered object at once.
 */
public final class ScanRememberedSets extends WorkPacket<Collector> {
    /** Verifies the remembered set before it is used (the sanity checker's remembered-set check). */
    @FunctionalInterface
    public interface Check {
        void verify(List<RememberedSet> sets);
    }

    private final Closure closure;
    private final List<RememberedSet> sets;
    private final boolean traceSlots;
    private final Check check;
    private final LongConsumer unlog;
    private final ReferenceProcessor references;

    /**
     * @param traceSlots whether the remembered objects' slots are edges (a nursery collection)
     * @param check      run first, or null
     * @param references the plan's reference processor, which says whether this collection discovers
     *                   references ({@link ReferenceProcessor#weakSlotToSetAside})
     */
    public ScanRememberedSets(Closure closure, List<RememberedSet> sets, boolean traceSlots, Check check,
                              ReferenceProcessor references) {
        this(closure, sets, traceSlots, check, null, references);
    }

    /**
     * As above, for a plan whose log bits are not the header's: {@code unlog} gives a remembered object
     * its bit back (null: the header's log bit).
     */
    public ScanRememberedSets(Closure closure, List<RememberedSet> sets, boolean traceSlots, Check check,
                              LongConsumer unlog, ReferenceProcessor references) {
        this.closure = closure;
        this.sets = sets;
        this.traceSlots = traceSlots;
        this.check = check;
        this.unlog = unlog;
        this.references = references;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        if (check != null) {
            check.verify(sets);
        }
        SimulatedMemory memory = closure.memory();
        EdgeBuffer edges = new EdgeBuffer(closure, worker, false);
        for (RememberedSet set : sets) {
            for (int i = 0, n = set.size(); i < n; i++) {
                long object = set.get(i);
                if (unlog == null) {
                    ObjectModel.setLogBit(memory, object);
                } else {
                    unlog.accept(object);
                }
                if (traceSlots) {
                    long weak = references.weakSlotToSetAside(memory, object);
                    if (weak != 0) {
                        references.setAside(weak);
                    }
                    edges.visitNonNullSlots(memory, object, weak);
                }
            }
        }
        edges.flush();
    }
}
