package org.jmmtk.core.plan;

/**
 * Whether a plan's collection designates a {@link PrepareCollector} or a {@link ReleaseCollector} to every
 * worker. A designated packet wakes a parked worker and the pause waits for that thread to get a core, so
 * a collection designates one only when it has work: PrepareCollector when the plan class overrides
 * {@link Plan#prepareCollector}, when the collection discovers references (the packet hands each worker
 * the weak-slot table), and in the first collection after one that did (so that the workers drop that
 * table); ReleaseCollector when the plan class overrides {@link Plan#releaseCollector}.
 *
 * <p>Threads: one per plan; called by a collection's Prepare and Release packets, one packet at a time
 * (bucket opening orders them, and collections follow one another).
 */
final class CollectorDesignation {
    private final PerWorkerHooks hooks;
    /** Whether the workers' contexts hold a weak-slot table an earlier PrepareCollector gave them. */
    private boolean contextsDiscover;

    CollectorDesignation(PerWorkerHooks hooks) {
        this.hooks = hooks;
    }

    /** For a collection whose workers discover references with {@code weakSlots} (null: none): whether its Prepare designates PrepareCollector. */
    boolean prepare(int[] weakSlots) {
        boolean designate = hooks.prepares() || weakSlots != null || contextsDiscover;
        if (designate) {
            contextsDiscover = weakSlots != null;
        }
        return designate;
    }

    /** Whether a collection's Release designates ReleaseCollector. */
    boolean release() {
        return hooks.releases();
    }
}
