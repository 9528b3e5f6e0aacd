package org.jmmtk.bindings.replay;

import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.core.MMTK;

/**
 * A sequential replay under a synchronization scheme ({@code run --sync}): the trace's death records
 * decide liveness, as in the paper's simulator, through {@link DeathRoots} that hold each object from
 * its allocation to its {@code D} record, and its points of perfect knowledge are where the scheme may
 * collect ({@link org.jmmtk.core.collection.CollectionDriver#perfectPoint}). Every record goes on to the {@link SequentialReplay}, which
 * checks and executes it.
 *
 * <p>Called by the replaying thread only; GC workers scan the death roots through the binding.
 */
final class SyncReplay extends ForwardingEvents {
    private final ReplayBinding binding;
    private final DeathRoots deathRoots;

    SyncReplay(SequentialReplay replay, ReplayBinding binding) {
        super(replay);
        this.binding = binding;
        this.deathRoots = new DeathRoots(binding.memory(), binding.rootArea());
        binding.hold(deathRoots);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        out.alloc(thread, object, bytes, refSlots, typeId);
        deathRoots.hold(object, binding.addressOf(object));
    }

    @Override
    public void death(long object) {
        out.death(object);
        deathRoots.release(object);
    }

    @Override
    public void perfectPoint() {
        out.perfectPoint();
        binding.mmtk().collection().perfectPoint();
    }
}
