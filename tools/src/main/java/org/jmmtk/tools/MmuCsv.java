package org.jmmtk.tools;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.core.stats.MmuCurve;
import org.jmmtk.core.stats.MutatorUtilization;

/**
 * {@code run --mmu-out FILE}: writes a run's MMU and BMU curves ({@link MmuCurve}) as CSV with the
 * columns {@code windowMs} (the window length, exact), {@code mmu} and {@code bmu}, one row per window
 * length, ascending (see docs/metrics.md). The file appears whole or not at all, and never over the
 * trace being replayed.
 */
final class MmuCsv {
    static final String[] HEADER = {"windowMs", "mmu", "bmu"};

    private MmuCsv() {
    }

    /**
     * Refuses, before the run, an output that is a directory, the same file as the input trace, or the
     * same path as one of the command's {@code otherOutputs} (null ones are ignored).
     */
    static void checkTarget(Path out, Path trace, Path... otherOutputs) throws IOException {
        if (Files.isDirectory(out)) {
            throw new UsageException("--mmu-out " + out + " is a directory; give a file name");
        }
        for (Path other : otherOutputs) {
            if (other != null && other.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
                throw new UsageException("--mmu-out " + out + " is also another output of this run; give another file");
            }
        }
        if (trace != null && Files.exists(out) && Files.exists(trace) && Files.isSameFile(out, trace)) {
            throw new UsageException("--mmu-out " + out + " is the trace being replayed; give another file");
        }
    }

    static void write(MutatorUtilization u, Path out) throws IOException {
        MmuCurve curve = MmuCurve.of(u);
        AtomicFile.write(out, file -> {
            try (Csv csv = new Csv(file, HEADER)) {
                for (int i = 0; i < curve.windowsNanos().length; i++) {
                    csv.row(milliseconds(curve.windowsNanos()[i]), curve.mmu()[i], curve.bmu()[i]);
                }
            }
        });
    }

    /** Nanoseconds as an exact decimal number of milliseconds. */
    private static String milliseconds(long nanos) {
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
    }
}
