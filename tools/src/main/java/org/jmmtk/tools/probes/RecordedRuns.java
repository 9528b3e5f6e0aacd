package org.jmmtk.tools.probes;

import java.util.ArrayList;
import java.util.List;

/**
 * The runs a recording holds. One recording can hold several runs (a {@code jcmd} recording of a
 * process that ran a sweep or a study, or JFR files joined with {@code cat}): GC numbers start again,
 * or a run's final reachability collection is followed by more collections. Run k (1-based) owns the
 * events from the end of run k-1's last collection to the end of its own last collection; the last run
 * also owns what follows. Used by one thread.
 */
public final class RecordedRuns {
    private final List<ProbeEvents> runs = new ArrayList<>();

    public RecordedRuns(ProbeEvents all) {
        List<Long> bounds = new ArrayList<>();
        ProbeEvents.Gc previous = null;
        for (ProbeEvents.Gc g : all.gcs) {
            if (previous != null && (g.gc() <= previous.gc() || "final".equals(previous.reason()))) {
                bounds.add(previous.end());
            }
            previous = g;
        }
        bounds.add(Long.MAX_VALUE);
        long from = Long.MIN_VALUE;
        for (long to : bounds) {
            runs.add(slice(all, from, to));
            from = to;
        }
    }

    /** Events in (from, to]. */
    private static ProbeEvents slice(ProbeEvents all, long from, long to) {
        if (from == Long.MIN_VALUE && to == Long.MAX_VALUE) {
            return all;
        }
        ProbeEvents e = new ProbeEvents();
        all.gcs.stream().filter(x -> x.start() > from && x.start() <= to).forEach(e.gcs::add);
        all.packets.stream().filter(x -> x.start() > from && x.start() <= to).forEach(e.packets::add);
        all.edges.stream().filter(x -> x.time() > from && x.time() <= to).forEach(e.edges::add);
        all.buckets.stream().filter(x -> x.time() > from && x.time() <= to).forEach(e.buckets::add);
        all.slowPaths.stream().filter(x -> x.start() > from && x.start() <= to).forEach(e.slowPaths::add);
        all.heap.stream().filter(x -> x.time() > from && x.time() <= to).forEach(e.heap::add);
        all.lockWaits.stream().filter(x -> x.start() > from && x.start() <= to).forEach(e.lockWaits::add);
        return e;
    }

    public int count() {
        return runs.size();
    }

    /** Run {@code n}, 1-based. */
    public ProbeEvents run(int n) {
        return runs.get(n - 1);
    }
}
