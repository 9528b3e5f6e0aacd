package org.jmmtk.core.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The collections of a run and its clock. The program's collections count towards |GC|, mark/cons and
 * pauses; the final collection that measures what is still reachable is kept apart. The run's clock
 * starts at {@link #startClock} (the start of the measured replay), so collections' start and end
 * times can be compared with the run's wall time. Also integrates heap occupancy over allocation (the
 * space-time product). Written by the thread that runs collections or polls the heap budget; read when
 * the run is over.
 */
public final class RunStats {
    private final List<GcRecord> collections = new ArrayList<>();
    private GcRecord finalCollection;
    private long originNanos = System.nanoTime();
    private double spaceTime;
    private long lastAllocated;
    private long lastUsedBytes;

    /** Sets the run's time 0 to now. */
    public void startClock() {
        originNanos = System.nanoTime();
    }

    /** Nanoseconds since the run's time 0. */
    public long clockNanos() {
        return System.nanoTime() - originNanos;
    }

    /**
     * Heap occupancy is {@code usedBytes} from now on, when {@code allocated} bytes have been allocated:
     * closes the previous step of the occupancy function in the space-time integral.
     */
    public void heapUsage(long allocated, long usedBytes) {
        spaceTime += (double) lastUsedBytes * (allocated - lastAllocated);
        lastAllocated = allocated;
        lastUsedBytes = usedBytes;
    }

    /**
     * The integral of heap bytes in use (simulated bytes, pages of all spaces) over bytes allocated, up
     * to the last call of {@link #heapUsage}: the Merlin paper's space-time product, in byte-bytes.
     */
    public double spaceTime() {
        return spaceTime;
    }

    public void add(GcRecord record, boolean isFinal) {
        if (isFinal) {
            finalCollection = record;
            return;
        }
        collections.add(record);
    }

    /** The program's collections, in order (the final one excluded). */
    public List<GcRecord> collections() {
        return Collections.unmodifiableList(collections);
    }

    /** The final reachability collection, or null if none ran. */
    public GcRecord finalCollection() {
        return finalCollection;
    }

    public int gcCount() {
        return collections.size();
    }

    public long bytesCopied() {
        long n = 0;
        for (GcRecord r : collections) {
            n += r.bytesCopied();
        }
        return n;
    }

    public long bytesMarked() {
        long n = 0;
        for (GcRecord r : collections) {
            n += r.bytesMarked();
        }
        return n;
    }

    public long edgesTraced() {
        long n = 0;
        for (GcRecord r : collections) {
            n += r.edgesTraced();
        }
        return n;
    }

    public long pauseTotalNanos() {
        long n = 0;
        for (GcRecord r : collections) {
            n += r.pauseNanos();
        }
        return n;
    }

    public long pauseMaxNanos() {
        long n = 0;
        for (GcRecord r : collections) {
            n = Math.max(n, r.pauseNanos());
        }
        return n;
    }

    public long closureTotalNanos() {
        long n = 0;
        for (GcRecord r : collections) {
            n += r.closureNanos();
        }
        return n;
    }

    /**
     * A pause-time percentile in nanoseconds, 0 when there were no pauses: the upper end of the
     * histogram bucket (3 significant digits) that holds the pause of that rank, clamped to the exact
     * longest pause, so it is never below the true value, at most 0.1% above it, never above
     * {@link #pauseMaxNanos} and never below a lower percentile.
     */
    public long pausePercentileNanos(double percentile) {
        return PauseRanks.percentile(PauseRanks.sorted(collections), percentile);
    }

    /** The pause-time percentiles that {@code run} reports (see {@link #pausePercentileNanos}). */
    public PausePercentiles pausePercentiles() {
        long[] sorted = PauseRanks.sorted(collections);
        return new PausePercentiles(PauseRanks.percentile(sorted, 50), PauseRanks.percentile(sorted, 90),
                PauseRanks.percentile(sorted, 99), PauseRanks.percentile(sorted, 99.9));
    }
}
