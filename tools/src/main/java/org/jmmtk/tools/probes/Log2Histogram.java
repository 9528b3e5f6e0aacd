package org.jmmtk.tools.probes;

import org.jmmtk.tools.plot.Charts;

/**
 * Values rounded down to powers of two (as the MPLR'23 paper plots packet sizes), with how many values
 * and how much weight fell in each bucket, and both cumulative distributions.
 */
final class Log2Histogram {
    private final long[] counts = new long[64];
    private final long[] weights = new long[64];
    private long totalCount;
    private long totalWeight;

    /** Adds a value (at least 1) whose weight is itself (e.g. a packet of n edges weighs n). */
    void add(long value) {
        add(value, value);
    }

    void add(long value, long weight) {
        int b = bucket(value);
        counts[b]++;
        weights[b] += weight;
        totalCount++;
        totalWeight += weight;
    }

    static int bucket(long value) {
        return 63 - Long.numberOfLeadingZeros(Math.max(1, value));
    }

    long totalCount() {
        return totalCount;
    }

    long totalWeight() {
        return totalWeight;
    }

    int lowestBucket() {
        for (int b = 0; b < 64; b++) {
            if (counts[b] > 0) {
                return b;
            }
        }
        return 0;
    }

    int highestBucket() {
        for (int b = 63; b >= 0; b--) {
            if (counts[b] > 0) {
                return b;
            }
        }
        return 0;
    }

    long count(int bucket) {
        return counts[bucket];
    }

    long weight(int bucket) {
        return weights[bucket];
    }

    /** The CDF (by count or by weight) as a plot series over the buckets' lower bounds. */
    Charts.Series cdfSeries(String name, boolean byWeight) {
        int lo = lowestBucket();
        int hi = highestBucket();
        double[] x = new double[hi - lo + 1];
        double[] y = new double[x.length];
        for (int b = lo; b <= hi; b++) {
            x[b - lo] = 1L << b;
            y[b - lo] = byWeight ? cdfByWeight(b) : cdfByCount(b);
        }
        return new Charts.Series(name, x, y, byWeight);
    }

    /** Fraction of values in buckets up to and including {@code bucket}. */
    double cdfByCount(int bucket) {
        long n = 0;
        for (int b = 0; b <= bucket; b++) {
            n += counts[b];
        }
        return totalCount == 0 ? 0 : (double) n / totalCount;
    }

    /** Fraction of weight in buckets up to and including {@code bucket}. */
    double cdfByWeight(int bucket) {
        long w = 0;
        for (int b = 0; b <= bucket; b++) {
            w += weights[b];
        }
        return totalWeight == 0 ? 0 : (double) w / totalWeight;
    }
}
