package org.jmmtk.plugins.merlin;

/**
 * Receives the deaths a lifetime analysis finds, in no particular order. Time is counted in
 * allocations: the <em>check point</em> {@code k} is the moment just before allocation {@code k + 1}
 * (when {@code k} allocations have been made), and the last check point is the end of the trace. An
 * object's death point is the first check point at which it is unreachable from the roots, so its
 * {@code D} record belongs immediately before allocation {@code deathPoint + 1}, or at the end of the
 * trace. Objects still reachable at the end have none. Called by the analysis's thread.
 */
@FunctionalInterface
public interface DeathSink {
    /** Drops every death (a plugin run that only counts them). */
    DeathSink NONE = (id, deathPoint) -> { };

    /** Object {@code id} is first unreachable at check point {@code deathPoint} (at least 1). */
    void died(long id, long deathPoint);
}
