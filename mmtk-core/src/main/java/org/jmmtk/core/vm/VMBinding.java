package org.jmmtk.core.vm;

import java.util.List;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.scheduler.GCWorker;

/**
 * What the "virtual machine" provides to the collector (MMTk's {@code VMBinding}: ActivePlan,
 * Collection and Scanning). The trace-replay binding is the main implementation.
 *
 * <p>{@link #boot} runs on the thread creating the {@link MMTK} instance; {@link #stopAllMutators}
 * and the scanning methods run on GC workers while the mutators are stopped; {@link #resumeMutators}
 * runs on the thread that requested the collection.
 */
public interface VMBinding {
    /** Called once the MMTK instance and its plan exist: reserve root areas, create mutators. */
    void boot(MMTK mmtk);

    /** Every mutator context. */
    List<? extends Mutator> mutators();

    /** Brings every mutator to a safepoint. */
    void stopAllMutators();

    /** Lets mutators run again after a collection. */
    void resumeMutators();

    /** Reports the non-null root slots of one mutator thread. */
    void scanMutatorRoots(Mutator mutator, EdgeVisitor visitor);

    /** Reports the non-null global (static) root slots. */
    void scanGlobalRoots(EdgeVisitor visitor);

    /**
     * Whether the binding wants, after each collection, every object the closure reached with its new
     * address ({@code MMTK.forEachSurvivor}): for bindings that name objects by id.
     */
    default boolean needsSurvivorLog() {
        return false;
    }

    /**
     * In the WeakRefClosure stage: retain or clear the binding's weak references (for example a table
     * from object ids to addresses), using {@code Plan.liveAddress}. May add packets to the stage.
     */
    void processWeakRefs(GCWorker worker);
}
