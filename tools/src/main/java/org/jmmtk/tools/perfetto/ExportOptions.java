package org.jmmtk.tools.perfetto;

/**
 * What a Perfetto export keeps: the collections, and the shortest packet drawn as its own slice
 * ({@code minDurNanos}; shorter ones are counted into per-GC, per-type summaries; 0 keeps all).
 */
public record ExportOptions(GcSelection gcs, long minDurNanos) {
    public static final ExportOptions DEFAULT = new ExportOptions(GcSelection.ALL, 0);

    public ExportOptions {
        if (minDurNanos < 0) {
            throw new IllegalArgumentException("--min-dur must not be negative");
        }
    }

    /** Whether short packets are folded into summaries. */
    public boolean summarises() {
        return minDurNanos > 0;
    }
}
