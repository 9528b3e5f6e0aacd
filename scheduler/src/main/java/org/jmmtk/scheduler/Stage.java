package org.jmmtk.scheduler;

/**
 * The stages of a collection, in the order their buckets open (a subset of mmtk-core's
 * {@code WorkBucketStage}). Unconstrained is open whenever a collection runs; every later bucket
 * opens only when all earlier open buckets are drained and every worker is idle.
 */
public enum Stage {
    UNCONSTRAINED("Unconstrained"),
    PREPARE("Prepare"),
    CLOSURE("Closure"),
    WEAK_REF_CLOSURE("WeakRefClosure"),
    FINAL_REF_CLOSURE("FinalRefClosure"),
    CALCULATE_FORWARDING("CalculateForwarding"),
    REF_FORWARDING("RefForwarding"),
    COMPACT("Compact"),
    RELEASE("Release"),
    FINAL("Final");

    /** All stages in bucket-opening order (a shared copy: do not modify). */
    static final Stage[] ALL = values();

    /** The name used in tracepoints, reports and timelines. */
    public final String label;

    Stage(String label) {
        this.label = label;
    }

    /** The stage with this label, or null. */
    public static Stage ofLabel(String label) {
        for (Stage s : ALL) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        return null;
    }
}
