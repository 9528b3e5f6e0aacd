package org.jmmtk.tools.model;

import java.util.Arrays;

/**
 * How much memory bandwidth the closure's access pattern gets on a host with 1, 2, ... K threads running
 * it at once (aggregate bytes per second, measured by {@code jmmtk calibrate}), and what that does to a
 * predicted speedup. Beyond K threads the aggregate is taken as saturated at its value for K (a host
 * measured with fewer threads than predicted is assumed to gain nothing more). Immutable.
 *
 * <p>The virtual-time model's closure time at N workers assumes packets take as long as on one thread,
 * i.e. no memory contention. With c packets running at once, each gets at most {@code B(c) / c} of the
 * bandwidth where alone it got {@code B(1)}, so a packet that spends the fraction f of its one-thread time
 * waiting for memory is slowed by {@code (1 - f) + f * max(1, c * B(1) / B(c))} ({@link #slowdown}).
 * {@code sweep --model} takes f = 0 for its high prediction and, for its low one and its best estimate, the
 * share of the recorded closure's one-thread time that its bytes take at the pattern's one-thread rate on the
 * machine that recorded it ({@link #memoryFraction}); only the contention factor comes from the target's curve.
 */
public final class MemoryBandwidth {
    /**
     * Without a calibration: a server's curve for this pattern, {@code B(k) = k * B1 / (1 + (k - 1) * B1 / Bmax)}
     * with B1 = 8 GB/s for one core and Bmax = 100 GB/s for the socket (about half the peak of eight DDR4-3200
     * channels, for short runs of reads and writes): a core alone is limited by its outstanding misses, and
     * cores' requests queue at the memory controllers well before the socket's peak (docs/scalability.md).
     * An assumption, not a measurement: calibrate the host for predictions that mean something.
     */
    public static final MemoryBandwidth SERVER_DEFAULT = saturating(8e9, 100e9, 64);

    /** The probe's unit of traffic: a cache line, which it loads and marks. */
    public static final int LINE_BYTES = 64;

    private final double[] aggregate;

    /** {@code aggregateBytesPerSecond[k - 1]}: the aggregate bandwidth with k threads; at least one, all positive. */
    public MemoryBandwidth(double[] aggregateBytesPerSecond) {
        if (aggregateBytesPerSecond.length == 0) {
            throw new IllegalArgumentException("a bandwidth curve needs at least one thread count");
        }
        for (double b : aggregateBytesPerSecond) {
            if (!(b > 0) || Double.isInfinite(b)) {
                throw new IllegalArgumentException("bandwidths must be positive and finite, got " + b);
            }
        }
        aggregate = aggregateBytesPerSecond.clone();
    }

    /** The curve {@code k * perThread / (1 + (k - 1) * perThread / peak)} for k = 1 .. threads. */
    public static MemoryBandwidth saturating(double perThread, double peak, int threads) {
        double[] b = new double[threads];
        for (int k = 1; k <= threads; k++) {
            b[k - 1] = k * perThread / (1 + (k - 1) * perThread / peak);
        }
        return new MemoryBandwidth(b);
    }

    /** The thread counts measured: 1 .. this. */
    public int threads() {
        return aggregate.length;
    }

    /** The aggregate bandwidth with {@code c} threads (c ≥ 1, interpolated between whole counts, flat beyond the last). */
    public double aggregate(double c) {
        if (c <= 1) {
            return aggregate[0];
        }
        if (c >= aggregate.length) {
            return aggregate[aggregate.length - 1];
        }
        int k = (int) Math.floor(c);
        double t = c - k;
        return aggregate[k - 1] * (1 - t) + aggregate[k] * t;
    }

    /** The measured curve (a copy). */
    public double[] aggregates() {
        return aggregate.clone();
    }

    /** How much longer a fully memory-bound packet takes with {@code c} running at once: at least 1. */
    public double contention(double c) {
        return Math.max(1, Math.max(1, c) * aggregate(1) / aggregate(c));
    }

    /**
     * The fraction of a one-thread closure of {@code closureNanos} that moving {@code bytes} at
     * {@code bytesPerSecond} takes, in [0, 1]. Both must come from one machine: the closure's time from its
     * recording and the rate from the same probe on the machine that recorded it, so that the share does not
     * depend on how fast that machine is.
     */
    public static double memoryFraction(double bytes, double bytesPerSecond, double closureNanos) {
        if (closureNanos <= 0) {
            return 1;
        }
        double memoryNanos = bytes / bytesPerSecond * 1e9;
        return Math.min(1, Math.max(0, memoryNanos / closureNanos));
    }

    /**
     * How much longer a packet takes with {@code c} packets running at once when it spends the fraction
     * {@code f} of its one-thread time on memory: {@code (1 - f) + f * contention(c)}.
     */
    public double slowdown(double c, double f) {
        return (1 - f) + f * contention(c);
    }

    @Override
    public String toString() {
        return Arrays.toString(aggregate);
    }
}
