package org.jmmtk.tools.run;

import org.jmmtk.tools.output.Csv;

import java.io.IOException;
import java.math.BigDecimal;
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

    static void write(MutatorUtilization u, Path out) throws IOException {
        MmuCurve curve = MmuCurve.of(u);
        try (Csv csv = new Csv(out, HEADER)) {
            for (int i = 0; i < curve.windowsNanos().length; i++) {
                csv.row(milliseconds(curve.windowsNanos()[i]), curve.mmu()[i], curve.bmu()[i]);
            }
        }
    }

    /** Nanoseconds as an exact decimal number of milliseconds. */
    private static String milliseconds(long nanos) {
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
    }
}
