package org.jmmtk.tools.probes;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.tools.error.UsageException;

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
        List<Long> bounds = ends(all.gcs);
        long from = Long.MIN_VALUE;
        for (long to : bounds) {
            runs.add(slice(all, from, to));
            from = to;
        }
    }

    /**
     * Where each run of {@code gcs} (collections in recording order) ends: the end of its last collection,
     * and {@code Long.MAX_VALUE} for the last run. One entry per run.
     */
    private static List<Long> ends(List<ProbeEvents.Gc> gcs) {
        List<Long> bounds = new ArrayList<>();
        ProbeEvents.Gc previous = null;
        for (ProbeEvents.Gc g : gcs) {
            if (previous != null && (g.gc() <= previous.gc() || "final".equals(previous.reason()))) {
                bounds.add(previous.end());
            }
            previous = g;
        }
        bounds.add(Long.MAX_VALUE);
        return bounds;
    }

    /** The events of one run: those at times in {@code (from, to]}. */
    public record Window(long from, long to) {
        public static final Window ALL = new Window(Long.MIN_VALUE, Long.MAX_VALUE);

        public boolean contains(long time) {
            return time > from && time <= to;
        }
    }

    /**
     * The window of the run a command analyses, from the collections of {@code file} in recording order:
     * run {@code run} (1-based), or the only run if {@code run} is null. A usage error if the file holds
     * several runs and none was chosen, or the chosen one does not exist.
     */
    public static Window window(Path file, List<ProbeEvents.Gc> gcs, Integer run) {
        List<Long> bounds = ends(gcs);
        int n = checkRun(file, run, bounds.size());
        Window w = new Window(n == 1 ? Long.MIN_VALUE : bounds.get(n - 2), bounds.get(n - 1));
        if (bounds.size() > 1) {
            requireSeparate(file, n, gcs.stream().filter(g -> w.contains(g.start())).toList());
        }
        return w;
    }

    /**
     * Run {@code n}'s collections must be its own: at least one, each number once. Otherwise the runs
     * overlap in time (the same recording joined twice), and no window separates their events.
     */
    private static void requireSeparate(Path file, int n, List<ProbeEvents.Gc> gcs) {
        if (gcs.isEmpty() || gcs.stream().mapToInt(ProbeEvents.Gc::gc).distinct().count() < gcs.size()) {
            throw new UsageException(file + ": run " + n + " has no collections of its own: the runs overlap in "
                    + "time (the same recording joined twice?), so their events cannot be told apart");
        }
    }

    /**
     * Run {@code run} (1-based; null: the only one) of the recording {@code file}; a usage error as for
     * {@link #window}.
     */
    public ProbeEvents select(Path file, Integer run) {
        int n = checkRun(file, run, runs.size());
        ProbeEvents chosen = runs.get(n - 1);
        if (runs.size() > 1) {
            requireSeparate(file, n, chosen.gcs);
        }
        return chosen;
    }

    /** The run to analyse (1-based) of a recording holding {@code count} runs; see {@link #window}. */
    private static int checkRun(Path file, Integer run, int count) {
        if (run == null) {
            if (count > 1) {
                throw new UsageException(file + ": the recording holds " + count + " runs (GC numbers start "
                        + "again); choose one with --run 1.." + count);
            }
            return 1;
        }
        if (run < 1 || run > count) {
            throw new UsageException(file + ": --run " + run + " is out of range: the recording holds " + count
                    + (count == 1 ? " run" : " runs"));
        }
        return run;
    }

    /** The events of {@code all} in the window (from, to]; by the same times as {@link WindowedSink}. */
    private static ProbeEvents slice(ProbeEvents all, long from, long to) {
        if (from == Long.MIN_VALUE && to == Long.MAX_VALUE) {
            return all;
        }
        Window w = new Window(from, to);
        ProbeEvents e = new ProbeEvents();
        all.gcs.stream().filter(x -> w.contains(x.start())).forEach(e.gcs::add);
        all.packets.stream().filter(x -> w.contains(x.start())).forEach(e.packets::add);
        all.edges.stream().filter(x -> w.contains(x.time())).forEach(e.edges::add);
        all.buckets.stream().filter(x -> w.contains(x.time())).forEach(e.buckets::add);
        all.slowPaths.stream().filter(x -> w.contains(x.start())).forEach(e.slowPaths::add);
        all.heap.stream().filter(x -> w.contains(x.time())).forEach(e.heap::add);
        all.lockWaits.stream().filter(x -> w.contains(x.start())).forEach(e.lockWaits::add);
        return e;
    }
}
