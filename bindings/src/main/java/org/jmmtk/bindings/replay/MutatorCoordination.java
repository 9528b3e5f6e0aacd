package org.jmmtk.bindings.replay;

/**
 * How a replay's mutator threads meet the collector, the part of the binding's {@code Collection}
 * that depends on how many there are: one replaying thread ({@link OneReplayThread}) or several
 * ({@link ParallelReplay}). The binding passes its stop, resume and safe-region calls on to the
 * coordination of the replay in progress.
 *
 * <p>{@link #stopAll} runs on the GC worker that stops the mutators, {@link #resumeAll} on the thread
 * that ran the collection, the safe-region calls on a mutator thread around a wait in the memory
 * manager.
 */
interface MutatorCoordination {
    /** Brings every mutator thread to a stop, with what the replay must keep held for the collection. */
    void stopAll();

    /** Lets the stopped mutator threads run again. */
    void resumeAll();

    /** The calling mutator thread counts as stopped until {@link #leaveSafeRegion}. */
    void enterSafeRegion();

    /** The calling mutator thread runs again, once no collection is in progress. */
    void leaveSafeRegion();

    /** The calling mutator thread leaves its safe region by throwing {@code cause}: the others must not wait for it. */
    void abandonSafeRegion(Throwable cause);
}
