package org.jmmtk.tools.perfetto;

/**
 * Which collections an export keeps: GC numbers {@code from..to}, of those one in every {@code every}
 * (from, from + every, ...; MMTk's {@code -e}), and the run's final reachability collection (reason
 * "final") only when asked, because the run's metrics leave it out too.
 */
public record GcSelection(int from, int to, int every, boolean includeFinal) {
    /** Every collection of the program, without the final reachability collection. */
    public static final GcSelection ALL = new GcSelection(1, Integer.MAX_VALUE, 1, false);

    public GcSelection {
        if (from < 1 || to < from) {
            throw new IllegalArgumentException("GC range " + from + "-" + to + " is empty; GCs are numbered from 1");
        }
        if (every < 1) {
            throw new IllegalArgumentException("--every must be at least 1, not " + every);
        }
    }

    /** Whether the number alone passes (the reason is not known yet while a recording is scanned). */
    public boolean keepsNumber(int gc) {
        return gc >= from && gc <= to && (gc - from) % every == 0;
    }

    /** Whether collection {@code gc}, collected for {@code reason}, is exported. */
    public boolean keeps(int gc, String reason) {
        return keepsNumber(gc) && (includeFinal || !"final".equals(reason));
    }

    /** Whether some collection of the program can be left out (then mutator time between them is too). */
    public boolean filtersNumbers() {
        return from > 1 || to < Integer.MAX_VALUE || every > 1;
    }

    /** As a message would say it: "GCs 2-5, one in 2". */
    @Override
    public String toString() {
        String range = from == to ? "GC " + from : to == Integer.MAX_VALUE ? "GCs " + from + "-" : "GCs " + from + "-" + to;
        return range + (every > 1 ? ", one in " + every : "") + (includeFinal ? ", with the final one" : "");
    }
}
