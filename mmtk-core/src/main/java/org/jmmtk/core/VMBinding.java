package org.jmmtk.core;

import org.jmmtk.core.plan.ActivePlan;
import org.jmmtk.core.vm.Collection;
import org.jmmtk.core.vm.Scanning;

/**
 * What the "virtual machine" provides to the collector (MMTk's {@code VMBinding}): how to find roots
 * ({@link Scanning}), how to stop and resume the program ({@link Collection}) and which mutators it
 * has ({@link ActivePlan}: the binding owns its mutators). The trace-replay binding is the main
 * implementation; it drives allocation and pointer stores through the mutators it binds.
 *
 * <p>{@link #boot} runs on the thread creating the {@link MMTK} instance; the other methods as their
 * interfaces say.
 */
public interface VMBinding extends Scanning, Collection, ActivePlan {
    /** Called once the MMTK instance and its plan exist: reserve root areas, bind mutators. */
    void boot(MMTK mmtk);

    /**
     * Whether the binding wants, after each collection, every object the collection moved with its
     * new address ({@link org.jmmtk.core.scheduling.Collectors#forEachMoved}): for bindings that name objects by id.
     */
    default boolean needsMoveLog() {
        return false;
    }

    /**
     * For a binding that names objects by id: where object {@code id} is now, or 0 if the binding does
     * not know or the object was reclaimed. Lets analyses (Merlin's pass at the end) find objects by id
     * without following every move themselves.
     */
    default long addressOf(long id) {
        return 0;
    }
}
