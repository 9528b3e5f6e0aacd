package org.jmmtk.core.stats;

/**
 * The pause-time percentiles of a run's collections, in nanoseconds, as {@link RunStats#pausePercentileNanos}
 * computes them: each is at least the one before it and at most the longest pause.
 *
 * @param p50Nanos  the median pause
 * @param p90Nanos  the 90th percentile
 * @param p99Nanos  the 99th percentile
 * @param p999Nanos the 99.9th percentile
 */
public record PausePercentiles(long p50Nanos, long p90Nanos, long p99Nanos, long p999Nanos) {
}
