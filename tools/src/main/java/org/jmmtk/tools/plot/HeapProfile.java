package org.jmmtk.tools.plot;

import java.util.Arrays;

/**
 * The heap profile of section 8 of the Merlin paper: the live bytes of an age-ordered heap over time,
 * split into bands by when the objects were allocated (band {@code j} holds the objects allocated in
 * the j-th of {@code bands} equal stretches of the run), sampled at {@code samples + 1} evenly spaced
 * times. The boundary between two stacked bands is the paper's line that starts where a program segment
 * starts and shows, until the end, where the objects allocated before it end in the heap. Used by one
 * thread; call {@link #finish} after the last record.
 */
final class HeapProfile extends DeathTimes {
    private final long totalBytes;
    private final int bands;
    private final int samples;
    private final long[] live;
    private final double[] times;
    private final double[][] bandBytes;
    private int next;

    HeapProfile(long totalBytes, int bands, int samples) {
        this.totalBytes = Math.max(1, totalBytes);
        this.bands = bands;
        this.samples = samples;
        this.live = new long[bands];
        this.times = new double[samples + 1];
        this.bandBytes = new double[bands][samples + 1];
    }

    @Override
    protected int tag(long bornAt) {
        return band(bornAt);
    }

    /** The band of an object allocated at {@code time}. */
    int band(long time) {
        return (int) Math.min(bands - 1, (long) ((double) time * bands / totalBytes));
    }

    /** When band {@code j} starts, in bytes allocated. */
    long bandStart(int j) {
        return (long) Math.ceil((double) j * totalBytes / bands);
    }

    private long sampleTime(int k) {
        return (long) ((double) k * totalBytes / samples);
    }

    @Override
    protected void beforeAllocation() {
        while (next <= samples && sampleTime(next) <= time()) {
            record();
        }
    }

    @Override
    protected void born(long bytes, int tag) {
        live[tag] += bytes;
    }

    @Override
    protected void died(long bytes, int tag) {
        live[tag] -= bytes;
    }

    /** Samples the rest of the run with the state at the end. */
    void finish() {
        while (next <= samples) {
            record();
        }
    }

    private void record() {
        times[next] = sampleTime(next);
        for (int j = 0; j < bands; j++) {
            bandBytes[j][next] = live[j];
        }
        next++;
    }

    int bands() {
        return bands;
    }

    /** The sample times, in bytes allocated. */
    double[] times() {
        return times.clone();
    }

    /** Live bytes of band {@code j} at each sample time. */
    double[] bandBytes(int j) {
        return Arrays.copyOf(bandBytes[j], bandBytes[j].length);
    }
}
