package org.jmmtk.tools.plot;

/**
 * The first pass of a heap plot: the bytes a perfect trace allocates, its deaths and its largest live
 * size (after an allocation), which fix the plot's axes. Used by one thread.
 */
final class TraceSummary extends DeathTimes {
    private long maxLive;

    @Override
    protected int tag(long bornAt) {
        return 0;
    }

    @Override
    protected void born(long bytes, int tag) {
        maxLive = Math.max(maxLive, liveBytes());
    }

    long totalBytes() {
        return time();
    }

    long maxLiveBytes() {
        return maxLive;
    }

    long deathCount() {
        return deaths();
    }
}
