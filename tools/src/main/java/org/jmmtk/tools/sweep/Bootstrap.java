package org.jmmtk.tools.sweep;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Medians and percentile-bootstrap confidence intervals for the small samples a sweep produces (a few
 * repeats per thread count). Deterministic: the resampling uses a fixed seed, so the same measurements
 * always give the same interval.
 */
public final class Bootstrap {
    private static final int RESAMPLES = 2000;
    private static final long SEED = 0x5EED;

    /** A point estimate with its 95% interval. */
    public record Estimate(double value, double low, double high) {
    }

    private Bootstrap() {
    }

    public static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The median of {@code values} with a 95% percentile-bootstrap interval. */
    public static Estimate median95(double[] values) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] medians = new double[RESAMPLES];
        double[] sample = new double[values.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < sample.length; i++) {
                sample[i] = values[random.nextInt(values.length)];
            }
            medians[r] = median(sample);
        }
        return new Estimate(median(values), percentile(medians, 2.5), percentile(medians, 97.5));
    }

    /** The ratio of medians {@code baseline / values} (a speedup) with a 95% percentile-bootstrap interval. */
    public static Estimate ratio95(double[] baseline, double[] values) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        double[] a = new double[baseline.length];
        double[] b = new double[values.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < a.length; i++) {
                a[i] = baseline[random.nextInt(baseline.length)];
            }
            for (int i = 0; i < b.length; i++) {
                b[i] = values[random.nextInt(values.length)];
            }
            ratios[r] = median(a) / median(b);
        }
        return new Estimate(median(baseline) / median(values), percentile(ratios, 2.5), percentile(ratios, 97.5));
    }

    private static double percentile(double[] values, double p) {
        double[] v = values.clone();
        Arrays.sort(v);
        double rank = p / 100 * (v.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = (int) Math.ceil(rank);
        return v[lo] + (rank - lo) * (v[hi] - v[lo]);
    }
}
