package org.jmmtk.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The percentiles from the sorted pauses are exactly what an HdrHistogram of 3 significant digits
 * holding those pauses reports (clamped to the longest), at the reported percentiles, the ends, random
 * ones and exact ranks, for runs with few pauses, many, and many equal ones.
 */
class PauseRanksTest {
    @Test
    void theSortedPausesGiveTheHistogramsPercentiles() {
        Random random = new Random(37);
        double[] fixed = {0, 0.1, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100};
        for (int run = 0; run < 400; run++) {
            int n = 1 + random.nextInt(run % 4 == 0 ? 3 : 400);
            List<GcRecord> pauses = new ArrayList<>();
            Histogram h = new Histogram(3);
            long max = 0;
            for (int i = 0; i < n; i++) {
                long nanos = run % 5 == 0 ? 1000 + random.nextInt(3) : (long) Math.exp(random.nextDouble() * 22);
                pauses.add(GcRecord.builder(i + 1, "full", "heap-full").span(0, nanos).build());
                h.recordValue(nanos);
                max = Math.max(max, nanos);
            }
            long[] sorted = PauseRanks.sorted(pauses);
            for (int k = 0; k < fixed.length + 40; k++) {
                // random ones, and ranks exactly (100 k / n: where the histogram's rounding decides the rank)
                double p = k < fixed.length ? fixed[k]
                        : k % 2 == 0 ? random.nextDouble() * 100 : 100.0 * random.nextInt(n + 1) / n;
                assertEquals(Math.min(h.getValueAtPercentile(p), max), PauseRanks.percentile(sorted, p),
                        "p" + p + " of " + n + " pauses");
            }
        }
    }

    @Test
    void noPausesGiveZero() {
        assertEquals(0, PauseRanks.percentile(PauseRanks.sorted(List.of()), 99));
    }
}
