package org.jmmtk.core.heap;

import java.util.Locale;

/**
 * The GC-overhead limit (HotSpot's {@code UseGCOverheadLimit}): a run is out of memory when, for
 * {@code count} collections in a row, collection took more than {@code gcPercent} of the work and
 * left less than {@code freePercent} of the heap free. HotSpot measures the work in time; a simulation
 * must give the same answer for any number of GC threads on any machine, so the work is measured in
 * bytes: a collection's share is the bytes it traced over those plus the bytes the program allocated
 * since the previous collection. Immutable.
 *
 * @param gcPercent   the GC share of the work above which a collection counts (HotSpot: 98)
 * @param freePercent the free share of the heap below which it counts (HotSpot: 2)
 * @param count       consecutive such collections that end the run (HotSpot: 5)
 */
public record OverheadLimit(double gcPercent, double freePercent, int count) {
    /** HotSpot's defaults. */
    public static final OverheadLimit DEFAULT = new OverheadLimit(98, 2, 5);
    /** No limit. */
    public static final OverheadLimit OFF = new OverheadLimit(100, 0, Integer.MAX_VALUE);

    public OverheadLimit {
        if (!(gcPercent >= 0 && gcPercent <= 100) || !(freePercent >= 0 && freePercent <= 100) || count < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "--gc-overhead-limit %s,%s,%d is out of range: percentages 0..100 and a count of at least 1",
                    trim(gcPercent), trim(freePercent), count));
        }
    }

    /**
     * Parses {@code off} or {@code GC%,FREE%,COUNT} (for example {@code 98,2,5}).
     */
    public static OverheadLimit parse(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("off")) {
            return OFF;
        }
        String[] parts = t.split(",", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("--gc-overhead-limit takes 'off' or GC%,FREE%,COUNT (e.g. 98,2,5), not '"
                    + text + "'");
        }
        try {
            return new OverheadLimit(Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()),
                    Integer.parseInt(parts[2].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--gc-overhead-limit takes 'off' or GC%,FREE%,COUNT (e.g. 98,2,5), not '"
                    + text + "'");
        }
    }

    public boolean isOff() {
        return count == Integer.MAX_VALUE;
    }

    /** Why a run that reached the limit ended. */
    public String explain() {
        return String.format(Locale.ROOT, "GC overhead limit exceeded: %d collections in a row each did more than "
                + "%s%% of the work (bytes traced against bytes allocated) and left less than %s%% of the heap free "
                + "(--gc-overhead-limit %s)", count, trim(gcPercent), trim(freePercent), this);
    }

    @Override
    public String toString() {
        return isOff() ? "off" : String.format(Locale.ROOT, "%s,%s,%d", trim(gcPercent), trim(freePercent), count);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
