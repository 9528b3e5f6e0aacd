package org.jmmtk.tools.perfetto;

/**
 * What a Perfetto export keeps: the run of a recording that holds several ({@code run}, 1-based; null
 * when it holds one), the collections, and the shortest packet drawn as its own slice
 * ({@code minDurNanos}; shorter ones are counted into per-GC, per-type summaries; 0 keeps all).
 */
public record ExportOptions(Integer run, GcSelection gcs, long minDurNanos) {
    public static final ExportOptions DEFAULT = new ExportOptions(null, GcSelection.ALL, 0);

    public ExportOptions {
        if (minDurNanos < 0) {
            throw new IllegalArgumentException("--min-dur must not be negative");
        }
    }

    /** The same options for run {@code n} of the recording. */
    public ExportOptions ofRun(Integer n) {
        return new ExportOptions(n, gcs, minDurNanos);
    }

    /** Whether short packets are folded into summaries. */
    public boolean summarises() {
        return minDurNanos > 0;
    }
}
