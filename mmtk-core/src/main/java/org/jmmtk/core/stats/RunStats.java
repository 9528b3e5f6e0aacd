package org.jmmtk.core.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The collections of a run. The program's collections count towards |GC|, mark/cons and pauses; the
 * final collection that measures what is still reachable is kept apart. Written by the thread that
 * runs collections; read when the run is over.
 */
public final class RunStats {
    private final List<GcRecord> collections = new ArrayList<>();
    private GcRecord finalCollection;
    private final Histogram pauseMicros = new Histogram(3);

    public void add(GcRecord record, boolean isFinal) {
        if (isFinal) {
            finalCollection = record;
            return;
        }
        collections.add(record);
        pauseMicros.recordValue(Math.max(0, record.pauseNanos() / 1000));
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

    /** Pause-time percentile in nanoseconds (microsecond resolution), 0 when there were no pauses. */
    public long pausePercentileNanos(double percentile) {
        return collections.isEmpty() ? 0 : pauseMicros.getValueAtPercentile(percentile) * 1000;
    }
}
