package org.jmmtk.tools.perfetto;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.probes.ProbeEvents;

/**
 * The collections of a recording in time order, each with whether the export keeps it; answers which
 * collection a moment falls in, which is how events without a GC number (allocation slow paths) are
 * filtered. Small: one entry per collection.
 */
final class GcTable {
    private final List<ProbeEvents.Gc> gcs;
    private final Map<Integer, Integer> byNumber = new HashMap<>();
    private final boolean[] kept;
    private final long[] starts;
    private final int keptCount;

    GcTable(List<ProbeEvents.Gc> recorded, GcSelection selection) {
        gcs = new ArrayList<>(recorded);
        gcs.sort(Comparator.comparingLong(ProbeEvents.Gc::start));
        kept = new boolean[gcs.size()];
        starts = new long[gcs.size()];
        int n = 0;
        for (int i = 0; i < gcs.size(); i++) {
            ProbeEvents.Gc g = gcs.get(i);
            if (byNumber.put(g.gc(), i) != null) {
                throw new UsageException("GC " + g.gc() + " occurs twice: the recording holds more than one run; "
                        + "record each run on its own");
            }
            kept[i] = selection.keeps(g.gc(), g.reason());
            starts[i] = g.start();
            n += kept[i] ? 1 : 0;
        }
        keptCount = n;
    }

    /** "GCs 1-14", "one GC, number 3" or "no GC", for messages. */
    String describe() {
        if (gcs.isEmpty()) {
            return "no GC";
        }
        int lo = gcs.stream().mapToInt(ProbeEvents.Gc::gc).min().orElseThrow();
        int hi = gcs.stream().mapToInt(ProbeEvents.Gc::gc).max().orElseThrow();
        return lo == hi ? "one GC, number " + lo : "GCs " + lo + "-" + hi;
    }

    int keptCount() {
        return keptCount;
    }

    /** Whether collection number {@code gc} was recorded and is exported. */
    boolean keeps(int gc) {
        Integer i = byNumber.get(gc);
        return i != null && kept[i];
    }

    /** The collection, or null if the recording has no GC event with that number. */
    ProbeEvents.Gc get(int gc) {
        Integer i = byNumber.get(gc);
        return i == null ? null : gcs.get(i);
    }

    /** Whether {@code time} falls in an exported collection. */
    boolean inKept(long time) {
        int i = lastStartingAtOrBefore(time);
        return i >= 0 && time <= gcs.get(i).end() && kept[i];
    }

    /** Whether {@code [start, end]} overlaps an exported collection. */
    boolean overlapsKept(long start, long end) {
        for (int i = Math.max(0, lastStartingAtOrBefore(start)); i < gcs.size() && starts[i] <= end; i++) {
            if (kept[i] && gcs.get(i).end() >= start) {
                return true;
            }
        }
        return false;
    }

    private int lastStartingAtOrBefore(long time) {
        return Sorted.lastAtOrBefore(0, starts.length, i -> starts[i], time);
    }
}
