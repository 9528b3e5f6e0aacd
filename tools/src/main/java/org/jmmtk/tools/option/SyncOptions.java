package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import org.jmmtk.core.Options;
import org.jmmtk.core.heap.SyncScheme;
import picocli.CommandLine.Option;

/** {@code --sync SCHEME} and {@code --granule BYTES}: how a granulated trace is replayed (docs/merlin.md). */
public final class SyncOptions {
    @Option(names = "--sync", paramLabel = "SCHEME",
            description = "Replay a granulated trace (jmmtk granulate): its D records decide what is live, and "
                    + "collections follow SCHEME: none (at the natural points), early, late or mid (only at its P "
                    + "records; the Merlin paper's section 3.2). Without --sync, D and P records are ignored.")
    SyncScheme sync;

    @Option(names = "--granule", paramLabel = "BYTES",
            description = "The granule --sync early and mid look ahead by (default: the mean spacing of the P records "
                    + "so far).")
    String granule;

    /** Sets the scheme and granule in {@code options}. */
    public void apply(Options options) {
        if (granule != null && (sync == null || !sync.synchronizes())) {
            throw new UsageException("--granule is what --sync early, late and mid assume; give one of them too");
        }
        long bytes = 0;
        if (granule != null) {
            try {
                bytes = Options.parseSize(granule);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--granule: " + e.getMessage());
            }
            if (bytes < 1) {
                throw new UsageException("--granule must be at least 1 byte");
            }
        }
        options.sync(sync).granule(bytes);
    }
}
