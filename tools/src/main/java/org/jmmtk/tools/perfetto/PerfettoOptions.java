package org.jmmtk.tools.perfetto;

import org.jmmtk.tools.error.UsageException;

import picocli.CommandLine.Option;

/** What a Perfetto export keeps (shared by {@code perfetto} and {@code run --perfetto}); see docs/perfetto.md. */
public final class PerfettoOptions {
    @Option(names = "--gcs", paramLabel = "N[-M]",
            description = "Export only GC N, or GCs N to M (and the mutators' slow paths that overlap them).")
    String gcs;

    @Option(names = "--every", paramLabel = "K", defaultValue = "1",
            description = "Export one GC in K: the first selected, then every K-th (default: ${DEFAULT-VALUE}).")
    int every;

    @Option(names = "--min-dur", paramLabel = "MICROS", defaultValue = "0",
            description = "Packets shorter than this become per-GC, per-type summaries instead of slices "
                    + "(default: ${DEFAULT-VALUE}, keep all).")
    double minDurMicros;

    @Option(names = "--include-final", description = "Also export the run's final reachability collection.")
    boolean includeFinal;

    /** Whether any option differs from its default. */
    public boolean given() {
        return gcs != null || every != 1 || minDurMicros != 0 || includeFinal;
    }

    public ExportOptions options() {
        int from = 1;
        int to = Integer.MAX_VALUE;
        if (gcs != null) {
            String[] range = gcs.split("-", -1);
            try {
                from = Integer.parseInt(range[0].trim());
                to = range.length == 1 ? from : Integer.parseInt(range[1].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--gcs takes N or N-M (GC numbers), not '" + gcs + "'");
            }
            if (range.length > 2) {
                throw new UsageException("--gcs takes N or N-M (GC numbers), not '" + gcs + "'");
            }
        }
        if (!(minDurMicros >= 0) || Double.isInfinite(minDurMicros)) {
            throw new UsageException("--min-dur takes microseconds (0 or more), not " + minDurMicros);
        }
        return new ExportOptions(null, new GcSelection(from, to, every, includeFinal), Math.round(minDurMicros * 1000));
    }
}
