package org.jmmtk.core.plan;

import java.util.Locale;

/**
 * How a concurrent plan's concurrent work is interleaved with the program ({@code --pacing}): not at
 * all ({@link #NONE}, the default, for stop-the-world plans), {@linkplain #every every K} trace
 * records one bounded unit of concurrent work while the replaying mutator waits at that record (exact
 * and the same for any number of GC threads), or {@linkplain #REAL really} beside the mutator
 * threads on the GC workers (timings and contention). Public API; immutable, any thread.
 */
public final class Pacing {
    /** No concurrent work: a stop-the-world plan. */
    public static final Pacing NONE = new Pacing(0);
    /** GC workers run concurrent packets beside the mutator threads. */
    public static final Pacing REAL = new Pacing(-1);

    private final int records;

    private Pacing(int records) {
        this.records = records;
    }

    /** One unit of concurrent work after every {@code records} trace records (at least 1). */
    public static Pacing every(int records) {
        if (records < 1) {
            throw new IllegalArgumentException("--pacing " + records + " must be at least 1 (records between units of "
                    + "concurrent work) or 'real'");
        }
        return new Pacing(records);
    }

    /** {@code K} (a whole number of records, at least 1) or {@code real}; throws naming {@code --pacing}. */
    public static Pacing parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("real")) {
            return REAL;
        }
        long k;
        try {
            k = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--pacing: '" + text + "' is neither a number of records nor 'real'");
        }
        if (k > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--pacing " + k + " is out of range 1.." + Integer.MAX_VALUE);
        }
        return every((int) k);
    }

    /** Whether concurrent work is interleaved at all. */
    public boolean concurrent() {
        return records != 0;
    }

    /** Whether the GC workers run beside the mutators ({@code real}). */
    public boolean real() {
        return records < 0;
    }

    /** Whether units of work are done at fixed trace records ({@code K}). */
    public boolean paced() {
        return records > 0;
    }

    /** K: trace records between units of concurrent work (only when {@link #paced()}). */
    public int records() {
        return records;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pacing p && p.records == records;
    }

    @Override
    public int hashCode() {
        return records;
    }

    /** As {@code --pacing} spells it: {@code none}, {@code real} or K. */
    @Override
    public String toString() {
        return records == 0 ? "none" : records < 0 ? "real" : Integer.toString(records);
    }
}
