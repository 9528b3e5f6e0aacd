package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.Mutator;

/**
 * The replay binding's mutators, the one place they are kept (mmtk-core: the binding owns its
 * mutators and lists them through {@code VMActivePlan::mutators}): one per trace thread, created by the
 * plan ({@link MMTK#bindMutator}) on the thread's first record and numbered in that order, so a
 * parallel replay binds the same mutators, with the same ordinals, as a sequential one.
 *
 * <p>The thread that reads the trace (the replaying thread, a parallel replay's reader, or for a trace in
 * per-thread streams whichever mutator thread reads a segment, under the segments' lock) binds;
 * the plan's packets and the reports read {@link #all} while the mutators are stopped or ended.
 */
final class MutatorRegistry {
    private final MMTK mmtk;
    private final Int2IntOpenHashMap ordinalOf = new Int2IntOpenHashMap();
    private final List<Mutator> mutators = new ArrayList<>();
    // what all() returns, replaced at each bind: the run's clock (bytes allocated) sums it at every poll
    private volatile List<Mutator> all = List.of();
    // most traces run long stretches on one thread: skip the map then (the reading thread's own)
    private int lastThread = -1;
    private Mutator lastMutator;

    MutatorRegistry(MMTK mmtk) {
        this.mmtk = mmtk;
        ordinalOf.defaultReturnValue(-1);
    }

    /** The mutator of trace thread {@code thread}, bound now if this is its first record. */
    Mutator forThread(int thread) {
        if (thread != lastThread) {
            lastMutator = bind(thread);
            lastThread = thread;
        }
        return lastMutator;
    }

    private synchronized Mutator bind(int thread) {
        int ordinal = ordinalOf.get(thread);
        if (ordinal < 0) {
            ordinal = mutators.size();
            mutators.add(mmtk.bindMutator(ordinal));
            all = List.copyOf(mutators);
            ordinalOf.put(thread, ordinal);
        }
        return mutators.get(ordinal);
    }

    /**
     * The mutator of trace thread {@code thread}, whose thread ended ({@code X}), or null if it has
     * none (no record of it before). It stays bound to the number, with the same ordinal and root area:
     * a new thread on the number is served by it afresh ({@link Mutator#threadEnded}).
     */
    synchronized Mutator ofEnded(int thread) {
        int ordinal = ordinalOf.get(thread);
        return ordinal < 0 ? null : mutators.get(ordinal);
    }

    /** The mutators bound so far, in ordinal order (an unmodifiable list). */
    List<Mutator> all() {
        return all;
    }
}
