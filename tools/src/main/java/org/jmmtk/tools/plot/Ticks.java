package org.jmmtk.tools.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Where a figure's axes put their labelled ticks and how the labels read: on a log axis every value the
 * figure must show (each measured thread count) plus round values between (1, 2, 5 or finer steps of
 * each decade, as many as fit), on a linear axis round steps; labels plain ("1.5", "1000") or, once an
 * axis reaches 10,000, SI for every value from 1,000 on ("1k", "10k", "2.5M"), never an exponent.
 * Pure functions, used by whichever thread draws a figure.
 */
public final class Ticks {
    /** The most labelled ticks one axis gets from round values (required ones come on top). */
    static final int MOST = 12;
    /** Round values of a decade, from coarse to fine; the finest that fits {@link #MOST} is used. */
    private static final double[][] DECADE_STEPS = {{1}, {1, 2, 5}, {1, 2, 3, 5}, {1, 1.5, 2, 3, 4, 5, 6, 8}};
    /** Round values closer than this factor to a required one are dropped, so labels never crowd. */
    private static final double CROWD = 1.3;

    private Ticks() {
    }

    /**
     * Tick values of a log axis from {@code lo} to {@code hi} (both positive): every required value in
     * the range, and the finest set of round values per decade that gives at most {@link #MOST}; with
     * {@code integral}, round values are whole numbers only (thread counts: powers of two).
     */
    public static double[] log(double lo, double hi, double[] required, boolean integral) {
        TreeSet<Double> ticks = new TreeSet<>();
        for (double r : required) {
            if (r >= lo * (1 - 1e-9) && r <= hi * (1 + 1e-9)) {
                ticks.add(r);
            }
        }
        for (double v : integral ? powersOfTwo(lo, hi) : roundLog(lo, hi)) {
            boolean crowded = false;
            for (double r : ticks) {
                crowded |= Math.max(v / r, r / v) < CROWD && v != r;
            }
            if (!crowded) {
                ticks.add(v);
            }
        }
        if (ticks.isEmpty()) {
            // no power of two in a narrow range: round values rather than no label at all
            ticks.addAll(roundLog(lo, hi));
        }
        return ticks.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Powers of two from 1 in the range; every second, fourth, ... one when there are more than {@link #MOST}. */
    private static List<Double> powersOfTwo(double lo, double hi) {
        int first = (int) Math.max(0, Math.ceil(Math.log(lo) / Math.log(2) - 1e-9));
        int last = (int) Math.floor(Math.log(hi) / Math.log(2) + 1e-9);
        int every = Math.max(1, (int) Math.ceil((last - first + 1) / (double) MOST));
        List<Double> out = new ArrayList<>();
        for (int e = first; e <= last; e++) {
            if (e % every == 0) {
                out.add(Math.scalb(1.0, e));
            }
        }
        return out;
    }

    private static List<Double> roundLog(double lo, double hi) {
        List<Double> best = List.of();
        for (double[] steps : DECADE_STEPS) {
            List<Double> candidate = decades(lo, hi, steps, 1);
            if (candidate.size() > MOST) {
                break;
            }
            best = candidate;
        }
        if (best.isEmpty()) {
            // more decades than MOST: every k-th power of ten
            int every = (int) Math.ceil((Math.log10(hi) - Math.log10(lo)) / MOST);
            best = decades(lo, hi, DECADE_STEPS[0], Math.max(1, every));
        }
        if (best.size() < 3) {
            // a narrow range (0.9 to 1.1): linear steps read better than one lonely decade mark
            List<Double> out = new ArrayList<>();
            for (double v : linear(lo, hi)) {
                if (v > 0) {
                    out.add(v);
                }
            }
            return out;
        }
        return best;
    }

    private static List<Double> decades(double lo, double hi, double[] steps, int every) {
        List<Double> out = new ArrayList<>();
        int first = (int) Math.floor(Math.log10(lo));
        int last = (int) Math.ceil(Math.log10(hi));
        for (int e = first; e <= last; e++) {
            if (Math.floorMod(e, every) != 0) {
                continue;
            }
            for (double s : steps) {
                double v = round(s * Math.pow(10, e));
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) {
                    out.add(v);
                }
            }
        }
        return out;
    }

    /** Tick values of a linear axis: multiples of 1, 2 or 5 times a power of ten, 4 to 10 of them. */
    public static double[] linear(double lo, double hi) {
        if (!(hi > lo)) {
            return new double[] {lo};
        }
        double raw = (hi - lo) / 6;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = magnitude;
        for (double m : new double[] {1, 2, 5, 10}) {
            step = m * magnitude;
            if (step >= raw) {
                break;
            }
        }
        List<Double> out = new ArrayList<>();
        for (long k = (long) Math.floor(lo / step); k * step <= hi + Math.abs(hi) * 1e-9; k++) {
            if (k * step >= lo - Math.abs(lo) * 1e-9) {
                out.add(round(k * step));
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Removes the floating-point noise of a computed round value (0.30000000000000004 to 0.3). */
    private static double round(double v) {
        if (v == 0) {
            return 0;
        }
        double scale = Math.pow(10, 12 - Math.floor(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }

    /** The labels of {@code ticks}, all in one style: SI from 1,000 on when the largest is 10,000 or more. */
    public static String[] labels(double[] ticks) {
        double most = 0;
        for (double t : ticks) {
            most = Math.max(most, Math.abs(t));
        }
        boolean si = most >= 10_000;
        String[] out = new String[ticks.length];
        for (int i = 0; i < ticks.length; i++) {
            out[i] = label(ticks[i], si);
        }
        return out;
    }

    private static final String[] PREFIXES = {"", "k", "M", "G", "T", "P"};

    static String label(double v, boolean si) {
        if (v == 0) {
            return "0";
        }
        int prefix = 0;
        double shown = v;
        while (si && Math.abs(shown) >= 1000 && prefix < PREFIXES.length - 1) {
            shown /= 1000;
            prefix++;
        }
        return plain(shown) + PREFIXES[prefix];
    }

    /** A number without exponent or trailing zeros, to at most 4 significant digits below 10,000. */
    private static String plain(double v) {
        double a = Math.abs(v);
        int decimals = a >= 1000 ? 0 : Math.max(0, Math.min(12, 3 - (int) Math.floor(Math.log10(a))));
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (s.indexOf('.') >= 0) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
